/**
 * The contract every SubmissionStore implementation keeps. Call it once per implementation with a factory that
 * opens a fresh, empty store; the SQLite and (later) PostgreSQL suites run these same tests unchanged.
 * @example describeSubmissionStore('sqlite', () => openSqliteStore(mkdtempSync(...)))
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/lib/store/migrations.ts';
import { IdempotencyConflictError, type NewRegistration, type SubmissionStore } from '../../src/lib/store/types.ts';

export const sampleRegistration = (over: Partial<NewRegistration> = {}): NewRegistration => ({
  studentId: 'S123456', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: '+1 555 0100',
  term: '2027-spring', courses: [{ code: 'BIB201' }, { code: 'THE310', section: 'B' }], notes: 'Evenings only, please.\nThanks',
  ...over,
});

export function describeSubmissionStore(name: string, open: () => Promise<SubmissionStore> | SubmissionStore) {
  describe(`SubmissionStore: ${name}`, () => {
    let store: SubmissionStore;
    beforeEach(async () => { store = await open(); });
    afterEach(async () => { await store.close(); });

    it('stores a signup once per address; a repeat adds what is missing and replaces nothing', async () => {
      expect(await store.upsertSignup({ email: 'ada@example.org', interests: ['events'], source: '/newsletter/' })).toEqual({ created: true });
      expect(await store.upsertSignup({ email: 'ada@example.org', interests: [] })).toEqual({ created: false });
      expect(await store.upsertSignup({ email: 'ada@example.org', name: 'Ada', interests: ['library', 'events', 'alumni'], source: '/' })).toEqual({ created: false });
      // Anyone can post any address: a stranger's repeat must not rename the subscriber, drop their topics or move their source.
      expect(await store.upsertSignup({ email: 'ada@example.org', name: 'Mallory', interests: ['admissions'], source: '/elsewhere/' })).toEqual({ created: false });
      const { total, items } = await store.listSignups({ limit: 10, offset: 0 });
      expect(total).toBe(1);
      expect(items[0]).toMatchObject({ email: 'ada@example.org', name: 'Ada', interests: ['events', 'library', 'alumni', 'admissions'], source: '/newsletter/' });
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

    it('replays a registration with the same idempotency key and hash, refuses another hash', async () => {
      const key = { key: 'retry-1', requestHash: 'h1' };
      const first = await store.createRegistration(sampleRegistration(), key);
      const again = await store.createRegistration(sampleRegistration(), key);
      expect(again).toEqual({ registrationId: first.registrationId, replayed: true });
      await expect(store.createRegistration(sampleRegistration({ term: '2027-fall' }), { key: 'retry-1', requestHash: 'h2' }))
        .rejects.toBeInstanceOf(IdempotencyConflictError);
      expect(await store.findIdempotentRegistration('retry-1')).toEqual({ registrationId: first.registrationId, requestHash: 'h1' });
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

    it('stores concurrent signups of one address exactly once', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => store.upsertSignup({ email: 'same@example.org', interests: [] })));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect((await store.listSignups({ limit: 50, offset: 0 })).total).toBe(1);
    });

    it('erases every record of one address, says how many per table, and keeps everyone else', async () => {
      await store.upsertSignup({ email: 'ada@example.org', interests: ['events'] });
      await store.upsertSignup({ email: 'grace@example.org', interests: [] });
      await store.createRegistration(sampleRegistration());
      await store.createRegistration(sampleRegistration({ term: '2027-fall' }), { key: 'k-1', requestHash: 'h' });
      await store.createRegistration(sampleRegistration({ email: 'grace@example.org' }));
      expect(await store.eraseEmail('ada@example.org')).toEqual({ signups: 1, registrations: 2 });
      expect((await store.listSignups({ limit: 10, offset: 0 })).items.map((s) => s.email)).toEqual(['grace@example.org']);
      expect((await store.listRegistrations({ limit: 10, offset: 0 })).items.map((r) => r.email)).toEqual(['grace@example.org']);
      expect(await store.findIdempotentRegistration('k-1')).toBeUndefined();
      expect(await store.eraseEmail('ada@example.org')).toEqual({ signups: 0, registrations: 0 });
    });

    it('purges registrations created before a cutoff, and no signups', async () => {
      await store.upsertSignup({ email: 'ada@example.org', interests: [] });
      await store.createRegistration(sampleRegistration());
      expect(await store.purgeCreatedBefore(Date.now() - 60_000)).toEqual({ registrations: 0 });
      expect(await store.purgeCreatedBefore(Date.now() + 1)).toEqual({ registrations: 1 });
      expect((await store.listRegistrations({ limit: 10, offset: 0 })).total).toBe(0);
      expect((await store.listSignups({ limit: 10, offset: 0 })).total).toBe(1);
    });

    it('reports the schema version every migration brings it to (readiness)', async () => {
      expect(await store.schemaVersion()).toBe(Math.max(...migrations.map((m) => m.version)));
    });
  });
}
