import { describe, expect, it } from 'vitest';
import { csvStream, signupExport as exportWith } from '../../src/lib/csv/submission-export.ts';

const signupExport = exportWith((id) => `https://northgate.example/api/newsletter/unsubscribe?token=t-${id}`);
import type { SignupRecord, SubmissionStore } from '../../src/lib/store/types.ts';

/** Just enough of a store: signups newest first, and a hook to add one between two reads. */
function fakeStore(count: number, onRead?: (reads: number, rows: SignupRecord[]) => void) {
  const rows: SignupRecord[] = Array.from({ length: count }, (_, i) => ({
    id: `sub_${count - i}`,
    email: `r${count - i}@example.org`,
    interests: [],
    status: 'confirmed',
    createdAt: (count - i) * 1000,
    updatedAt: (count - i) * 1000,
    confirmedAt: (count - i) * 1000,
  }));
  let reads = 0;
  return {
    async listSignups({ limit, offset, status }: { limit: number; offset: number; status?: string }) {
      if (status !== 'confirmed') throw new Error('the export must ask for confirmed subscribers only');
      onRead?.(reads++, rows);
      return { total: rows.length, items: rows.slice(offset, offset + limit) };
    },
  } as unknown as SubmissionStore;
}

async function lines(stream: ReadableStream<Uint8Array>) {
  // ignoreBOM keeps the byte-order mark in the text, so the tests see it.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
  return text.trimEnd().split('\r\n');
}

describe('csvStream', () => {
  it('writes a header and every record, across several batches', async () => {
    const rows = await lines(csvStream(fakeStore(1234), signupExport));
    expect(rows[0]).toBe('\uFEFFid,email,name,interests,source,created_at,confirmed_at,confirmed_via,unsubscribe_url');
    expect(rows).toHaveLength(1235);
    expect(rows[1]).toBe(
      'sub_1234,r1234@example.org,,,,1970-01-01T00:20:34.000Z,1970-01-01T00:20:34.000Z,,https://northgate.example/api/newsletter/unsubscribe?token=t-sub_1234',
    );
    expect(new Set(rows.slice(1).map((r) => r.split(',')[0])).size).toBe(1234);
  });

  it('writes a record once when a new signup arrives during the export', async () => {
    const store = fakeStore(700, (reads, rows) => {
      if (reads === 1)
        rows.unshift({
          id: 'sub_new',
          email: 'new@example.org',
          interests: [],
          status: 'confirmed',
          createdAt: 1e9,
          updatedAt: 1e9,
        });
    });
    const ids = (await lines(csvStream(store, signupExport))).slice(1).map((r) => r.split(',')[0]);
    expect(ids).toHaveLength(700);
    expect(new Set(ids).size).toBe(700);
    expect(ids).toContain('sub_1');
  });

  it('writes only the header for an empty table', async () => {
    expect(await lines(csvStream(fakeStore(0), signupExport))).toEqual([
      '\uFEFFid,email,name,interests,source,created_at,confirmed_at,confirmed_via,unsubscribe_url',
    ]);
  });
});
