import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/server.ts';
import { committed, newDataDir, registrationBody } from '../helpers/forms.ts';

// Rate limits off (the benchmark setting, allowed on loopback) so a few hundred bodies reach validation.
const dataDir = newDataDir();
const server = useServer({ RATE_LIMIT_DISABLED: '1', DATA_DIR: dataDir });

// A small deterministic generator, so a failure can be replayed.
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const hostile: unknown[] = [
  'x'.repeat(15_000),
  '\u0000\u0001\u0007\u001b[31m',
  "' OR '1'='1",
  "'); DROP TABLE signups; --",
  '"; DELETE FROM registrations; --',
  '<script>alert(1)</script>',
  '\uD800',
  '\u202E',
  '%00',
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  -1,
  1e308,
  NaN,
  null,
  true,
  [],
  {},
  [[[[[]]]]],
  { $gt: '' },
  { __proto__: { admin: true } },
  'a@b',
  'ADA@EXAMPLE.ORG\r\nBcc: x@y.z',
];

function mutate(base: Record<string, unknown>, pick: () => number): string {
  const body: Record<string, unknown> = structuredClone(base);
  const keys = [...Object.keys(body), 'extra', '__proto__', 'constructor'];
  for (let n = 0; n < 1 + Math.floor(pick() * 3); n++) {
    const key = keys[Math.floor(pick() * keys.length)]!;
    const value = hostile[Math.floor(pick() * hostile.length)];
    if (key === '__proto__')
      return JSON.stringify(body).replace(/^\{/, `{"__proto__":${JSON.stringify(value) ?? 'null'},`);
    body[key] = value;
  }
  return JSON.stringify(body);
}

function nested(depth: number, open: string, close: string) {
  return open.repeat(depth) + close.repeat(depth);
}

const raw: string[] = [
  '',
  ' ',
  'null',
  'true',
  '0',
  '"a string"',
  '[]',
  '{',
  '}',
  '{"email":}',
  "{'email':'a@b.org'}",
  '{"email":"a@example.org",}',
  '\u0000',
  '\uFEFF{"email":"a@example.org"}x',
  nested(5000, '[', ']'),
  nested(2000, '{"a":', '}'),
  `{"email":"a@example.org","courses":${nested(3000, '[', ']')}}`,
  '{"email":"a@example.org","email":"b@example.org","x":1}',
  JSON.stringify({ email: 'a@example.org', interests: Array(5000).fill('events') }),
  JSON.stringify({ email: `${'a'.repeat(64)}@${'b'.repeat(200)}.org` }),
  '{"constructor":{"prototype":{"polluted":true}},"email":"a@example.org"}',
];

describe('hostile and malformed bodies', () => {
  it('answers every one with a 4xx ApiError (or a proper 200 when a mutation stayed valid), never a 5xx or HTML', async () => {
    const pick = rng(20260521);
    const signupBase = { email: 'fuzz@example.org', name: 'Fuzz', interests: ['events'], source: '/' };
    const bodies: [string, string][] = [
      ...raw.flatMap(
        (b) =>
          [
            ['/api/email-marketing-signup', b],
            ['/api/course-registration', b],
          ] as [string, string][],
      ),
      ...Array.from(
        { length: 150 },
        () => ['/api/email-marketing-signup', mutate(signupBase, pick)] as [string, string],
      ),
      ...Array.from(
        { length: 150 },
        () => ['/api/course-registration', mutate(registrationBody(), pick)] as [string, string],
      ),
    ];
    const outcomes = new Map<string, number>();
    const accepted: string[] = [];
    for (let i = 0; i < bodies.length; i += 16) {
      await Promise.all(
        bodies.slice(i, i + 16).map(async ([path, body]) => {
          const res = await fetch(server.url + path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          });
          const text = await res.text();
          if (res.status === 200) {
            accepted.push(body); // a mutation that happened to stay valid: fine, it must then be a proper answer
            expect(JSON.parse(text).status).toBe('accepted');
            return;
          }
          expect(res.status, `${path} ${body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${path} ${body.slice(0, 120)}`).toBeLessThan(500);
          expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
          const error = JSON.parse(text).error;
          expect(typeof error.code).toBe('string');
          outcomes.set(`${res.status} ${error.code}`, (outcomes.get(`${res.status} ${error.code}`) ?? 0) + 1);
        }),
      );
    }
    expect(bodies.length).toBeGreaterThanOrEqual(300);
    expect([...outcomes.keys()].sort()).toEqual(expect.arrayContaining(['400 INVALID_BODY']));
    // Nothing hostile reached the tables: only bodies the server accepted are there.
    const stored = committed(dataDir, 'signups').length + committed(dataDir, 'registrations').length;
    expect(stored).toBeLessThanOrEqual(accepted.length);
    expect({} as Record<string, unknown>).not.toHaveProperty('polluted');
    expect((await fetch(server.url + '/api/health')).status).toBe(200);
  });
});
