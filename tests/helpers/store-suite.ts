/**
 * The contract every SubmissionStore implementation keeps. Call it once per implementation with a factory that
 * opens a fresh, empty store; the SQLite and (later) PostgreSQL suites run these same tests unchanged.
 * @example describeSubmissionStore('sqlite', () => openSqliteStore(mkdtempSync(...)))
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/lib/store/migrations.ts';
import { emptyCounts, OTHER, type InsightEntry } from '../../src/lib/store/insights.ts';
import {
  IdempotencyConflictError,
  type NewRegistration,
  type OutgoingMail,
  type QueuedMail,
  type SubmissionStore,
} from '../../src/lib/store/types.ts';

const confirmation =
  (to: string) =>
  (id: string): OutgoingMail => ({
    to,
    subject: `confirm ${id}`,
    text: 'link',
    headers: { 'List-Unsubscribe': '<https://x/u>' },
  });
const noDelay = () => 0;

/** Delivers every due message into `into`, as the sender would; returns what was sent. */
async function drain(store: SubmissionStore, into: QueuedMail[] = []) {
  await store.deliverMail(
    async (m) => {
      into.push(m);
      return { ok: true };
    },
    { limit: 100, retryDelay: noDelay },
  );
  return into;
}

export const sampleRegistration = (over: Partial<NewRegistration> = {}): NewRegistration => ({
  studentId: 'S123456',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  phone: '+1 555 0100',
  term: '2027-spring',
  courses: [{ code: 'BIB201' }, { code: 'THE310', section: 'B' }],
  notes: 'Evenings only, please.\nThanks',
  ...over,
});

export function describeSubmissionStore(name: string, open: () => Promise<SubmissionStore> | SubmissionStore) {
  describe(`SubmissionStore: ${name}`, () => {
    let store: SubmissionStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores a signup once per address; a repeat adds what is missing and replaces nothing', async () => {
      expect(
        await store.upsertSignup({ email: 'ada@example.org', interests: ['events'], source: '/newsletter/' }),
      ).toEqual({ created: true });
      expect(await store.upsertSignup({ email: 'ada@example.org', interests: [] })).toEqual({ created: false });
      expect(
        await store.upsertSignup({
          email: 'ada@example.org',
          name: 'Ada',
          interests: ['library', 'events', 'alumni'],
          source: '/',
        }),
      ).toEqual({ created: false });
      // Anyone can post any address: a stranger's repeat must not rename the subscriber, drop their topics or move their source.
      expect(
        await store.upsertSignup({
          email: 'ada@example.org',
          name: 'Mallory',
          interests: ['admissions'],
          source: '/elsewhere/',
        }),
      ).toEqual({ created: false });
      const { total, items } = await store.listSignups({ limit: 10, offset: 0 });
      expect(total).toBe(1);
      expect(items[0]).toMatchObject({
        email: 'ada@example.org',
        name: 'Ada',
        interests: ['events', 'library', 'alumni', 'admissions'],
        source: '/newsletter/',
      });
      expect(items[0]!.id).toMatch(/^sub_/);
      expect(items[0]!.updatedAt).toBeGreaterThanOrEqual(items[0]!.createdAt);
    });

    it('keeps at most 10 interests when merging: the stored ones first, extras ignored', async () => {
      const topics = Array.from({ length: 14 }, (_, i) => `topic-${i}`);
      await store.upsertSignup({ email: 'many@example.org', interests: topics.slice(0, 8) });
      await store.upsertSignup({ email: 'many@example.org', interests: [topics[1]!, ...topics.slice(8, 14)] });
      const { items } = await store.listSignups({ limit: 10, offset: 0 });
      expect(items[0]!.interests).toEqual(topics.slice(0, 10));
    });

    it('merges the interests of concurrent signups of one address without losing any', async () => {
      const topics = Array.from({ length: 10 }, (_, i) => `topic-${i}`);
      await Promise.all(topics.map((t) => store.upsertSignup({ email: 'race@example.org', interests: [t] })));
      const { items } = await store.listSignups({ limit: 10, offset: 0 });
      expect([...items[0]!.interests].sort()).toEqual(topics);
    });

    it('keeps hostile text as data', async () => {
      const email = "robert'); drop table signups;--@example.org";
      await store.upsertSignup({ email, name: '"; DELETE FROM signups; --', interests: [] });
      const { items } = await store.listSignups({ limit: 10, offset: 0 });
      expect(items.map((s) => s.email)).toEqual([email]);
    });

    it('stores a registration and reads it back whole', async () => {
      const { registrationId, replayed } = await store.createRegistration(sampleRegistration());
      expect(registrationId).toMatch(/^reg_[A-Za-z0-9_-]{16}$/);
      expect(replayed).toBe(false);
      const { total, items } = await store.listRegistrations({ limit: 5, offset: 0 });
      expect(total).toBe(1);
      expect(items[0]).toEqual({ ...sampleRegistration(), id: registrationId, createdAt: expect.any(Number) });
    });

    it('stores a registration without its optional fields, under an idempotency key', async () => {
      const { phone: _phone, notes: _notes, ...minimal } = sampleRegistration({ email: 'min@example.org' });
      const { registrationId } = await store.createRegistration(minimal, { key: 'minimal-1', requestHash: 'h' });
      const { items } = await store.listRegistrations({ limit: 50, offset: 0 });
      expect(items.find((r) => r.id === registrationId)).toEqual({
        ...minimal,
        id: registrationId,
        createdAt: expect.any(Number),
      });
    });

    it('replays a registration with the same idempotency key and hash, refuses another hash', async () => {
      const key = { key: 'retry-1', requestHash: 'h1' };
      const first = await store.createRegistration(sampleRegistration(), key);
      const again = await store.createRegistration(sampleRegistration(), key);
      expect(again).toEqual({ registrationId: first.registrationId, replayed: true });
      await expect(
        store.createRegistration(sampleRegistration({ term: '2027-fall' }), { key: 'retry-1', requestHash: 'h2' }),
      ).rejects.toBeInstanceOf(IdempotencyConflictError);
      expect(await store.findIdempotentRegistration('retry-1')).toEqual({
        registrationId: first.registrationId,
        requestHash: 'h1',
      });
      expect(await store.findIdempotentRegistration('unknown')).toBeUndefined();
      expect((await store.listRegistrations({ limit: 10, offset: 0 })).total).toBe(1);
    });

    it('stores registrations without a key independently', async () => {
      const a = await store.createRegistration(sampleRegistration());
      const b = await store.createRegistration(sampleRegistration());
      expect(a.registrationId).not.toBe(b.registrationId);
      expect((await store.listRegistrations({ limit: 10, offset: 0 })).total).toBe(2);
    });

    it('pages newest first with a total count', async () => {
      for (let i = 0; i < 5; i++) {
        await store.upsertSignup({ email: `p${i}@example.org`, interests: [] });
        await new Promise((r) => setTimeout(r, 2));
      }
      const first = await store.listSignups({ limit: 2, offset: 0 });
      const last = await store.listSignups({ limit: 2, offset: 4 });
      expect(first.total).toBe(5);
      expect(first.items.map((s) => s.email)).toEqual(['p4@example.org', 'p3@example.org']);
      expect(last.items.map((s) => s.email)).toEqual(['p0@example.org']);
      expect((await store.listSignups({ limit: 2, offset: 10 })).items).toEqual([]);
    });

    it('keeps a new signup pending and queues one confirmation in the same transaction, at most one an hour', async () => {
      await store.upsertSignup({ email: 'ada@example.org', interests: [] }, confirmation('ada@example.org'));
      await store.upsertSignup({ email: 'ada@example.org', interests: [] }, confirmation('ada@example.org'));
      await Promise.all(
        Array.from({ length: 5 }, () =>
          store.upsertSignup({ email: 'ada@example.org', interests: [] }, confirmation('ada@example.org')),
        ),
      );
      const { items } = await store.listSignups({ limit: 10, offset: 0 });
      expect(items[0]).toMatchObject({ status: 'pending' });
      const sent = await drain(store);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        to: 'ada@example.org',
        subject: `confirm ${items[0]!.id}`,
        headers: { 'List-Unsubscribe': '<https://x/u>' },
      });
      expect(await store.countUnsentMail()).toBe(0);
    });

    it('confirms a pending subscriber once, unsubscribes once, and starts over as pending on a new signup', async () => {
      await store.upsertSignup({ email: 'bo@example.org', interests: [] }, confirmation('bo@example.org'));
      const { id } = (await store.listSignups({ limit: 1, offset: 0 })).items[0]!;
      expect(await store.confirmSubscriber(id, '/newsletter/confirm/')).toBe('changed');
      expect(await store.confirmSubscriber(id, '/newsletter/confirm/')).toBe('already');
      expect(
        (await store.listSignups({ limit: 10, offset: 0, status: 'confirmed' })).items.map((s) => s.email),
      ).toEqual(['bo@example.org']);
      // A confirmed address signing up again is sent nothing and stays confirmed.
      await drain(store);
      await store.upsertSignup({ email: 'bo@example.org', interests: ['events'] }, confirmation('bo@example.org'));
      expect(await drain(store)).toEqual([]);
      expect(await store.unsubscribe(id)).toBe('changed');
      expect(await store.unsubscribe(id)).toBe('already');
      expect((await store.listSignups({ limit: 10, offset: 0, status: 'confirmed' })).total).toBe(0);
      expect(await store.confirmSubscriber('sub_nobody', '/newsletter/confirm/')).toBe('missing');
      await store.upsertSignup({ email: 'bo@example.org', interests: [] }, confirmation('bo@example.org'));
      expect((await store.listSignups({ limit: 1, offset: 0 })).items[0]).toMatchObject({
        status: 'pending',
        interests: ['events'],
      });
      expect(await drain(store)).toHaveLength(1);
    });

    it('retries a failed delivery after its delay, gives up on a permanent failure, and never hands one message out twice at once', async () => {
      await store.createRegistration(sampleRegistration(), undefined, (id) => [
        { to: 'a@example.org', subject: id, text: 'r' },
        { to: 'b@example.org', subject: id, text: 'n' },
      ]);
      const down = await store.deliverMail(
        async (m) => ({ ok: false, error: 'connection refused', permanent: m.to.startsWith('b') }),
        { limit: 10, retryDelay: () => 60_000 },
      );
      expect(down).toEqual({ sent: 0, failed: 2 });
      expect(await store.countUnsentMail()).toBe(1);
      expect(await drain(store)).toEqual([]);
      await store.createRegistration(sampleRegistration(), undefined, () => [
        { to: 'c@example.org', subject: 's', text: 't' },
      ]);
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      const first: QueuedMail[] = [];
      const slow = store.deliverMail(
        async (m) => {
          first.push(m);
          await held;
          return { ok: true };
        },
        { limit: 10, retryDelay: noDelay },
      );
      await new Promise((r) => setTimeout(r, 50));
      expect(await drain(store)).toEqual([]);
      release();
      await slow;
      expect(first.map((m) => m.to)).toEqual(['c@example.org']);
    });

    it('queues registration mail for a new registration only, not for a replay', async () => {
      const mail = (id: string) => [{ to: 'ada@example.org', subject: `receipt ${id}`, text: 'r' }];
      const key = { key: 'k-mail', requestHash: 'h' };
      const { registrationId } = await store.createRegistration(sampleRegistration(), key, mail);
      await store.createRegistration(sampleRegistration(), key, mail);
      expect((await drain(store)).map((m) => m.subject)).toEqual([`receipt ${registrationId}`]);
    });

    it('deletes expired pending and unsubscribed subscribers and finished mail; keeps a secret once', async () => {
      await store.upsertSignup({ email: 'old@example.org', interests: [] }, confirmation('old@example.org'));
      await store.upsertSignup({ email: 'gone@example.org', interests: [] });
      const gone = (await store.listSignups({ limit: 10, offset: 0 })).items.find(
        (s) => s.email === 'gone@example.org',
      )!;
      await store.confirmSubscriber(gone.id, '/newsletter/confirm/');
      await store.unsubscribe(gone.id);
      await drain(store);
      expect(await store.purgeExpired({ pendingBefore: 0, unsubscribedBefore: 0, mailBefore: 0 })).toEqual({
        pending: 0,
        unsubscribed: 0,
        mail: 0,
      });
      const later = Date.now() + 1000;
      expect(await store.purgeExpired({ pendingBefore: later, unsubscribedBefore: later, mailBefore: later })).toEqual({
        pending: 1,
        unsubscribed: 1,
        mail: 1,
      });
      expect((await store.listSignups({ limit: 10, offset: 0 })).total).toBe(0);
      expect(await store.ensureSecret('s', 'first')).toBe('first');
      expect(await store.ensureSecret('s', 'second')).toBe('first');
    });

    it('stores concurrent signups of one address exactly once', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => store.upsertSignup({ email: 'same@example.org', interests: [] })),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect((await store.listSignups({ limit: 50, offset: 0 })).total).toBe(1);
    });

    it('erases every record of one address, says how many per table, and keeps everyone else', async () => {
      await store.upsertSignup({ email: 'ada@example.org', interests: ['events'] }, confirmation('ada@example.org'));
      await store.upsertSignup({ email: 'grace@example.org', interests: [] }, confirmation('grace@example.org'));
      await store.createRegistration(sampleRegistration());
      await store.createRegistration(sampleRegistration({ term: '2027-fall' }), { key: 'k-1', requestHash: 'h' });
      await store.createRegistration(sampleRegistration({ email: 'grace@example.org' }));
      expect(await store.eraseEmail('ada@example.org')).toEqual({
        outbox: 1,
        signups: 1,
        registrations: 2,
        insight_queries: 0,
        insight_feedback: 0,
      });
      expect((await drain(store)).map((m) => m.to)).toEqual(['grace@example.org']);
      expect((await store.listSignups({ limit: 10, offset: 0 })).items.map((s) => s.email)).toEqual([
        'grace@example.org',
      ]);
      expect((await store.listRegistrations({ limit: 10, offset: 0 })).items.map((r) => r.email)).toEqual([
        'grace@example.org',
      ]);
      expect(await store.findIdempotentRegistration('k-1')).toBeUndefined();
      expect(await store.eraseEmail('ada@example.org')).toEqual({
        outbox: 0,
        signups: 0,
        registrations: 0,
        insight_queries: 0,
        insight_feedback: 0,
      });
    });

    it('purges registrations created before a cutoff, and no signups', async () => {
      await store.upsertSignup({ email: 'ada@example.org', interests: [] });
      await store.createRegistration(sampleRegistration());
      expect(await store.purgeCreatedBefore(Date.now() - 60_000)).toEqual({ registrations: 0 });
      expect(await store.purgeCreatedBefore(Date.now() + 1)).toEqual({ registrations: 1 });
      expect((await store.listRegistrations({ limit: 10, offset: 0 })).total).toBe(0);
      expect((await store.listSignups({ limit: 10, offset: 0 })).total).toBe(1);
    });

    const search = (text: string, counts: Partial<InsightEntry> = {}): InsightEntry => ({
      day: '2026-11-20',
      kind: 'search',
      text,
      ...emptyCounts(),
      asked: 1,
      ...counts,
    });

    it('adds insight counts per query per day, and lists them for the staff page', async () => {
      await store.recordInsights(
        {
          queries: [
            search('greek', { asked: 3 }),
            search('hebrew', { noResults: 1 }),
            search('greek', { asked: 0, clicks: 2, clickRankSum: 3 }),
          ],
          feedback: [{ day: '2026-11-20', rating: 'down', question: 'When?', comment: 'Wrong date', createdAt: 1 }],
        },
        100,
      );
      await store.recordInsights(
        {
          queries: [
            search('greek', { day: '2026-11-21' }),
            search('hebrew', { noResults: 1 }),
            { ...search('Can I study online?', { kind: 'chat', declined: 1 }) },
          ],
          feedback: [],
        },
        100,
      );
      expect(await store.insightList('top', '2026-11-01', 10)).toEqual([
        { text: 'greek', asked: 4, noResults: 0, declined: 0, clicks: 2, clickRankSum: 3 },
        { text: 'hebrew', asked: 2, noResults: 2, declined: 0, clicks: 0, clickRankSum: 0 },
      ]);
      expect((await store.insightList('noResults', '2026-11-01', 10)).map((q) => q.text)).toEqual(['hebrew']);
      expect(await store.insightList('noClicks', '2026-11-01', 10)).toEqual([]);
      expect((await store.insightList('unanswered', '2026-11-01', 10)).map((q) => q.text)).toEqual([
        'Can I study online?',
      ]);
      expect((await store.insightList('top', '2026-11-21', 10)).map((q) => [q.text, q.asked])).toEqual([['greek', 1]]);
      const days = await store.insightDays('2026-11-01');
      expect(days.queries.map((d) => [d.day, d.kind, d.asked])).toEqual([
        ['2026-11-20', 'chat', 1],
        ['2026-11-20', 'search', 5],
        ['2026-11-21', 'search', 1],
      ]);
      expect(days.feedback).toEqual([{ day: '2026-11-20', rating: 'down', count: 1 }]);
      expect(await store.thumbsDown('2026-11-01', 10)).toMatchObject([
        { question: 'When?', comment: 'Wrong date', rating: 'down' },
      ]);
      expect(await store.purgeInsightsBefore('2026-11-21')).toBe(4);
      expect((await store.insightList('top', '2026-11-01', 10)).map((q) => q.text)).toEqual(['greek']);
    });

    it('keeps at most the cap of distinct queries per day, counting the rest as other, across flushes', async () => {
      await store.recordInsights({ queries: [search('a'), search('b'), search('c')], feedback: [] }, 3);
      await store.recordInsights({ queries: [search('a'), search('d'), search('e')], feedback: [] }, 3);
      const top = await store.insightList('top', '2026-11-01', 10);
      expect(top.map((q) => [q.text, q.asked])).toEqual([
        ['a', 2],
        ['b', 1],
        ['c', 1],
      ]);
      const days = await store.insightDays('2026-11-01');
      expect(days.queries[0]!.asked).toBe(6); // d and e are counted, as other
      await store.recordInsights({ queries: [search('f')], feedback: [] }, 3);
      expect((await store.insightDays('2026-11-01')).queries[0]!.asked).toBe(7);
      expect(OTHER).toBe('');
    });

    it('erases stored insight text containing an address', async () => {
      await store.recordInsights(
        {
          queries: [search('mail ada@example.org'), search('greek')],
          feedback: [
            { day: '2026-11-20', rating: 'down', question: 'q', comment: 'write to ADA@example.org', createdAt: 1 },
          ],
        },
        100,
      );
      expect(await store.eraseEmail('ada@example.org')).toMatchObject({ insight_queries: 1, insight_feedback: 1 });
      expect((await store.insightList('top', '2026-11-01', 10)).map((q) => q.text)).toEqual(['greek']);
    });

    it('reports the schema version every migration brings it to (readiness)', async () => {
      expect(await store.schemaVersion()).toBe(Math.max(...migrations.map((m) => m.version)));
    });
  });
}
