import { openSqliteStore } from '../../src/lib/store/sqlite-store.ts';

/**
 * Puts what the staff area shows into a data directory before the server starts: 60 signups (two pages; the
 * first 40 confirmed, the rest pending) and two registrations, one of them carrying spreadsheet formulas and
 * awkward characters.
 */
export async function seedSubmissions(dataDir: string): Promise<void> {
  const store = openSqliteStore(dataDir);
  try {
    for (let i = 1; i <= 60; i++) {
      await store.upsertSignup({
        email: `reader${i}@example.org`,
        name: i === 7 ? '=1+1' : `Reader ${i}`,
        interests: i % 2 ? ['greek'] : [],
        source: '/courses/',
      });
    }
    const { items } = await store.listSignups({ limit: 100, offset: 0 });
    for (const s of items.filter((s) => Number(s.email.match(/\d+/)![0]) <= 40))
      await store.confirmSubscriber(s.id, '/newsletter/confirm/');
    await store.createRegistration({
      studentId: 'S123456',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      phone: '+1 555 0100',
      term: '2027-spring',
      courses: [{ code: 'BIB201', section: 'A' }, { code: 'THE310' }],
      notes: '=HYPERLINK("http://evil.example/","Click")',
    });
    await store.createRegistration({
      studentId: 'S654321',
      firstName: 'Zoë',
      lastName: 'O\'Neil, "Jr"',
      email: 'zoe@example.org',
      term: '2027-spring',
      courses: [{ code: 'HIS110' }],
    });
  } finally {
    await store.close();
  }
}
