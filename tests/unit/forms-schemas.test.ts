import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/http/api-error.ts';
import { parseBody } from '../../src/lib/http/validate-body.ts';
import { registrationSchema, signupSchema } from '../../src/schemas/forms.ts';
import { openApiDocument } from '../../src/lib/discovery/openapi.ts';

const issuesOf = (schema: typeof signupSchema | typeof registrationSchema, body: unknown) => {
  try {
    parseBody(schema, body);
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return (err as ApiError).issues!.map((i) => i.path);
  }
};
const registration = (over: Record<string, unknown> = {}) => ({
  student: { studentId: 'S123456', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
  term: '2027-spring',
  courses: [{ code: 'BIB201' }],
  ...over,
});

describe('signupSchema', () => {
  it('accepts the contract example fields', () => {
    expect(
      issuesOf(signupSchema, {
        email: 'ada@example.org',
        name: 'Ada',
        interests: ['events'],
        source: '/newsletter/',
        turnstileToken: 't',
      }),
    ).toEqual([]);
  });

  it('names each bad field, and each unknown key at its own path', () => {
    expect(
      issuesOf(signupSchema, { email: 'nope', interests: ['events', 'astrology'], admin: true, __proto__x: 1 }).sort(),
    ).toEqual(['__proto__x', 'admin', 'email', 'interests.1'].sort());
    expect(issuesOf(signupSchema, { email: 'a@example.org', interests: ['events', 'events'] })).toEqual(['interests']);
  });

  it('refuses a __proto__ key from JSON as an unknown field', () => {
    expect(issuesOf(signupSchema, JSON.parse('{"email":"a@example.org","__proto__":{"admin":true}}'))).toEqual([
      '__proto__',
    ]);
  });

  it('refuses control characters, over-long values and a non-object body', () => {
    expect(issuesOf(signupSchema, { email: 'a@example.org', name: 'Ada\u0000' })).toEqual(['name']);
    expect(issuesOf(signupSchema, { email: `${'a'.repeat(250)}@example.org` })).toEqual(['email']);
    expect(issuesOf(signupSchema, { email: 'a@example.org', source: 'https://evil.example/' })).toEqual(['source']);
    expect(issuesOf(signupSchema, [])).toEqual(['(body)']);
  });
});

describe('registrationSchema', () => {
  it('accepts the contract example', () => {
    expect(
      issuesOf(
        registrationSchema,
        registration({ courses: [{ code: 'BIB201' }, { code: 'THE310', section: 'B' }], notes: 'line one\nline two' }),
      ),
    ).toEqual([]);
  });

  it('points at duplicate codes, nested unknown keys and bad student fields', () => {
    const body = registration({ courses: [{ code: 'BIB201' }, { code: 'BIB201', extra: 1 }] });
    (body.student as Record<string, unknown>).studentId = 'x';
    expect(issuesOf(registrationSchema, body).sort()).toEqual(
      ['courses.1.code', 'courses.1.extra', 'student.studentId'].sort(),
    );
  });

  it('limits courses to 1–8 and notes to 2000 characters', () => {
    expect(issuesOf(registrationSchema, registration({ courses: [] }))).toEqual(['courses']);
    const nine = Array.from({ length: 9 }, (_, i) => ({ code: `BIB${100 + i}` }));
    expect(issuesOf(registrationSchema, registration({ courses: nine }))).toEqual(['courses']);
    expect(issuesOf(registrationSchema, registration({ notes: 'x'.repeat(2001) }))).toEqual(['notes']);
  });
});

describe('the text patterns, as zod checks them and as /openapi.json publishes them', () => {
  type Published = { components: { schemas: Record<string, { properties: Record<string, { pattern: string }> }> } };
  const { schemas } = (openApiDocument('https://northgate.example') as Published).components;
  // `meant` is the meaning the fields had when written with Unicode property escapes, which many engines lack.
  const fields = [
    {
      name: 'a name',
      published: schemas.SignupRequest.properties.name.pattern,
      meant: /^[^\p{Cc}\p{Cs}\u2028\u2029]*$/u,
      text: (s: string) => `a${s}b`,
      zod: (text: string) => issuesOf(signupSchema, { email: 'a@example.org', name: text }).length === 0,
    },
    {
      name: 'notes',
      published: schemas.RegistrationRequest.properties.notes.pattern,
      meant: /^(?:[^\p{Cc}\p{Cs}]|[\n\r\t])*$/u,
      text: (s: string) => `a${s}b`,
      zod: (text: string) => issuesOf(registrationSchema, registration({ notes: text })).length === 0,
    },
    {
      name: 'a page path',
      published: schemas.SignupRequest.properties.source.pattern,
      meant: /^\/[^\s\p{Cc}]*$/u,
      text: (s: string) => `/a${s}b`,
      zod: (text: string) => issuesOf(signupSchema, { email: 'a@example.org', source: text }).length === 0,
    },
  ];
  const samples = [
    'Zoë 😀',
    '𝔊𝔯𝔢𝔢𝔨',
    '\u{10ffff}',
    'line\r\nnext\ttab',
    '\u0000',
    '\u0085',
    '\u2028',
    ' ',
    '\u00a0',
    '\ufeff',
    String.fromCharCode(0xd800),
    String.fromCharCode(0xdfff),
    `${String.fromCharCode(0xdc00)}${String.fromCharCode(0xd800)}`,
  ];

  // A lone surrogate is no text RE2 (or any UTF-8 reader) can see, so the published pattern says nothing about it;
  // zod refuses it (isWellFormed), as the next test shows.
  it.each(fields)(
    '$name: the published pattern has no property or \\u escapes and, on well-formed text, means the same with and without the u flag',
    ({ published, meant, text }) => {
      expect(published).not.toMatch(/\\[pP]\{|\\[dDsSwW]|\\u/);
      const unicode = new RegExp(published, 'u');
      const codeUnits = new RegExp(published);
      const probe = (value: string) =>
        expect([unicode.test(value), codeUnits.test(value)], JSON.stringify(value)).toEqual([
          meant.test(value),
          meant.test(value),
        ]);
      for (let c = 0; c <= 0xffff; c++) if (c < 0xd800 || c > 0xdfff) probe(text(String.fromCharCode(c)));
      for (const s of samples) if (s.isWellFormed()) probe(text(s));
    },
  );

  it.each(fields)('$name: zod accepts and refuses as the published pattern does', ({ meant, text, zod }) => {
    for (const s of samples) expect(zod(text(s)), JSON.stringify(s)).toBe(meant.test(text(s)));
  });
});
