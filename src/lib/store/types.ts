/** The submissions store: what the forms write and the staff area reads (SQLite or PostgreSQL). */
import type { Removed } from './erasure.ts';

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

export interface SignupRecord extends NewSignup {
  id: string;
  createdAt: number;
  updatedAt: number;
}

export interface NewRegistration {
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  term: string;
  courses: { code: string; section?: string }[];
  notes?: string;
}

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

export interface Page<T> { total: number; items: T[] }
export interface PageRequest { limit: number; offset: number }

export interface SubmissionStore {
  /**
   * Stores the signup for `email`, or merges a repeat into the stored one without replacing anything: a missing name
   * or source is filled in, new interests are added up to MAX_INTERESTS. Resolves once durably committed.
   */
  upsertSignup(signup: NewSignup): Promise<{ created: boolean }>;
  /** Stores a registration, or returns the one stored earlier under the same idempotency key. */
  createRegistration(registration: NewRegistration, idempotency?: Idempotency): Promise<{ registrationId: string; replayed: boolean }>;
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
