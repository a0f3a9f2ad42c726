/** The submissions store: what the forms write and the staff area reads (SQLite or PostgreSQL). */
import type { RegistrationInput } from '../../schemas/forms.ts';
import type { Removed } from './erasure.ts';
import type {
  FeedbackDayTotal,
  FeedbackRecord,
  InsightBatch,
  InsightList,
  KindDayTotal,
  QueryTotal,
} from './insights.ts';

export type { Removed } from './erasure.ts';

/** Most topics one subscriber follows; a repeat signup merges its interests up to this many. */
export const MAX_INTERESTS = 10;

export interface NewSignup {
  /** Already normalised (see normaliseEmail); the unique key. */
  email: string;
  name?: string;
  interests: string[];
  source?: string;
}

/** pending until the address confirms (double opt-in); unsubscribed until deleted (retention.ts). */
export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

export interface SignupRecord extends NewSignup {
  id: string;
  status: SubscriberStatus;
  createdAt: number;
  updatedAt: number;
  confirmedAt?: number;
  /** The page or route the confirmation was made from (evidence of consent, beside confirmedAt). */
  confirmedVia?: string;
  unsubscribedAt?: number;
}

/** A pending address is sent a confirmation at most this often, however often it is signed up. */
export const CONFIRMATION_INTERVAL_MS = 60 * 60 * 1000;

/** One email, as the outbox keeps it until it is sent. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export interface QueuedMail extends OutgoingMail {
  id: string;
  /** Failed attempts so far. */
  attempts: number;
  createdAt: number;
}

/** What a delivery attempt reports: sent, or failed (temporary: retried later; permanent: given up). */
export type DeliveryOutcome = { ok: true } | { ok: false; error: string; permanent: boolean };

export interface DeliverOptions {
  /** Most messages to take in this call. */
  limit: number;
  /** Milliseconds to wait before the next attempt, after `attempts` failed ones. */
  retryDelay: (attempts: number) => number;
  /** How long a claimed message stays reserved for this sender (SQLite; PostgreSQL holds a row lock instead). */
  leaseMs?: number;
}

/** Rows older than these are deleted by purgeExpired (privacy page: the promises it makes). */
export interface RetentionCutoffs {
  pendingBefore: number;
  unsubscribedBefore: number;
  mailBefore: number;
}

/** What confirm and unsubscribe found: done now, done before (a replayed link), or no such subscriber. */
export type SubscriberChange = 'changed' | 'already' | 'missing';

/**
 * A registration as stored: the request's student beside its choices, as the schema (schemas/forms.ts) spells
 * them, so a new field is declared once there. The challenge token is spent, not stored.
 */
export type NewRegistration = RegistrationInput['student'] & Omit<RegistrationInput, 'student' | 'turnstileToken'>;

export interface RegistrationRecord extends NewRegistration {
  id: string;
  createdAt: number;
}

/** Makes a registration retry-safe: same key and same request hash → the same registration. */
export interface Idempotency {
  key: string;
  /** A hash of the validated request; the same key with another hash is a conflict. */
  requestHash: string;
}

export interface Page<T> {
  total: number;
  items: T[];
}
export interface PageRequest {
  limit: number;
  offset: number;
  status?: SubscriberStatus;
}

export interface SubmissionStore {
  /**
   * Stores the signup for `email` as pending, or merges a repeat into the stored one without replacing anything: a missing name
   * or source is filled in, new interests are added up to MAX_INTERESTS; an unsubscribed address becomes pending again. When the address is pending and was not sent a
   * confirmation within CONFIRMATION_INTERVAL_MS, `confirmation` is called and its mail queued in the same
   * transaction. Resolves once durably committed.
   */
  upsertSignup(signup: NewSignup, confirmation?: (subscriberId: string) => OutgoingMail): Promise<{ created: boolean }>;
  /**
   * Stores a registration, or returns the one stored earlier under the same idempotency key. `mail` is called
   * for a new registration only; what it returns is queued in the same transaction.
   */
  createRegistration(
    registration: NewRegistration,
    idempotency?: Idempotency,
    mail?: (registrationId: string) => OutgoingMail[],
  ): Promise<{ registrationId: string; replayed: boolean }>;
  /** A pending subscriber becomes confirmed, recording when and `via` which page or route. */
  confirmSubscriber(id: string, via: string): Promise<SubscriberChange>;
  /** A pending or confirmed subscriber becomes unsubscribed. */
  unsubscribe(id: string): Promise<SubscriberChange>;
  /**
   * Takes up to `limit` due messages and calls `deliver` for each, one at a time; a message is reserved while it
   * is delivered, so no other sender (in this or another instance) takes it. Sent ones are marked sent; failed
   * ones are retried after `retryDelay`, or given up when the failure is permanent.
   */
  deliverMail(
    deliver: (mail: QueuedMail) => Promise<DeliveryOutcome>,
    options: DeliverOptions,
  ): Promise<{ sent: number; failed: number }>;
  /** Mail not yet sent (nor given up), oldest first: for tests and the staff area. */
  countUnsentMail(): Promise<number>;
  /** Deletes pending signups, unsubscribed ones and finished mail older than the cutoffs. */
  purgeExpired(cutoffs: RetentionCutoffs): Promise<{ pending: number; unsubscribed: number; mail: number }>;
  /** The secret stored under `name`; stores `candidate` first if there is none, so every instance gets the same. */
  ensureSecret(name: string, candidate: string): Promise<string>;
  /** The registration stored under an idempotency key, if any. */
  findIdempotentRegistration(key: string): Promise<{ registrationId: string; requestHash: string } | undefined>;
  /** Newest first. */
  listSignups(page: PageRequest): Promise<Page<SignupRecord>>;
  /** Newest first. */
  listRegistrations(page: PageRequest): Promise<Page<RegistrationRecord>>;
  /** Deletes every record of a normalised address (erasure.ts lists where), in one transaction; what it removed. */
  eraseEmail(email: string): Promise<Removed>;
  /** Deletes the retained records (erasure.ts) created before `cutoff` (ms since the epoch); what it removed. */
  purgeCreatedBefore(cutoff: number): Promise<Removed>;
  /**
   * Adds a flush of search and chat insights in one transaction: counts per query per day, at most `cap` distinct
   * queries per day and kind (the rest land in OTHER), and feedback up to FEEDBACK_PER_DAY rows a day.
   */
  recordInsights(batch: InsightBatch, cap: number): Promise<void>;
  /** One list of the staff insights page over the days from `fromDay` (YYYY-MM-DD), at most `limit` rows. */
  insightList(list: InsightList, fromDay: string, limit: number): Promise<QueryTotal[]>;
  /** Totals per day and kind, and feedback per day and rating, from `fromDay`. */
  insightDays(fromDay: string): Promise<{ queries: KindDayTotal[]; feedback: FeedbackDayTotal[] }>;
  /** Thumbs-down feedback from `fromDay`, newest first. */
  thumbsDown(fromDay: string, limit: number): Promise<FeedbackRecord[]>;
  /** Deletes insights of days before `day` (INSIGHTS_RETENTION_DAYS); the rows removed. */
  purgeInsightsBefore(day: string): Promise<number>;
  /** The highest migration applied; rejects when the store does not answer (readiness). */
  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}

/** The idempotency key was used before with a different request. */
export class IdempotencyConflictError extends Error {
  constructor(key: string) {
    super(`Idempotency key ${JSON.stringify(key)} was already used with a different request.`);
    this.name = 'IdempotencyConflictError';
  }
}
