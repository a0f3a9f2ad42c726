import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.ts';
import { committed, newDataDir, postJson } from '../helpers/forms.ts';

describe('durability', () => {
  it('stores 100 concurrent signups from distinct clients exactly once each', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ TRUST_PROXY: '1', DATA_DIR: dataDir });
    try {
      const emails = Array.from({ length: 100 }, (_, i) => `concurrent-${i}@example.org`);
      // Every address twice, at the same time, each from its own client.
      const results = await Promise.all(
        [...emails, ...emails].map((email, i) =>
          postJson(
            server.url,
            '/api/email-marketing-signup',
            { email },
            { client: `198.19.${i >> 8}.${i & 255}` },
          ).then((r) => r.status),
        ),
      );
      expect(results.every((s) => s === 200)).toBe(true);
      const rows = committed(dataDir, 'signups')
        .map((r) => String(r.email))
        .sort();
      expect(rows).toEqual([...emails].sort());
    } finally {
      await server.stop();
    }
  });

  it('keeps every acknowledged signup when the server is killed with SIGKILL mid-burst', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ RATE_LIMIT_DISABLED: '1', DATA_DIR: dataDir });
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    // Each worker sends until a request finds the server dead, so every one's last request went unacknowledged.
    const worker = async (w: number) => {
      for (let i = 0; ; i++) {
        const email = `burst-${w}-${i}@example.org`;
        sent++;
        try {
          const res = await postJson(server.url, '/api/email-marketing-signup', { email });
          if (res.status === 200) acknowledged.push(email);
          await res.arrayBuffer();
        } catch {
          /* the connection died with the server: not acknowledged */
          if (killed) return;
        }
        if (acknowledged.length >= 150 && !killed) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
    expect(await server.stop()).toBeNull(); // killed by a signal, no exit code
    expect(sent).toBeGreaterThan(acknowledged.length); // requests were sent as it died

    // Restart on the same data: recovery replays the WAL; every 200 must be there.
    const restarted = await startServer({ DATA_DIR: dataDir });
    try {
      const stored = new Set(committed(dataDir, 'signups').map((r) => String(r.email)));
      const lost = acknowledged.filter((e) => !stored.has(e));
      expect(lost).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
      expect(
        (await postJson(restarted.url, '/api/email-marketing-signup', { email: 'after-restart@example.org' })).status,
      ).toBe(200);
    } finally {
      await restarted.stop();
    }
  });
});
