import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/http/api-error.ts';
import { parseBody } from '../../src/lib/forms/parse-body.ts';
import { registrationSchema, signupSchema } from '../../src/schemas/forms.ts';

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
  term: '2027-spring', courses: [{ code: 'BIB201' }], ...over,
});

describe('signupSchema', () => {
  it('accepts the contract example fields', () => {
    expect(issuesOf(signupSchema, { email: 'ada@example.org', name: 'Ada', interests: ['events'], source: '/newsletter/', turnstileToken: 't' })).toEqual([]);
  });

  it('names each bad field, and each unknown key at its own path', () => {
    expect(issuesOf(signupSchema, { email: 'nope', interests: ['events', 'astrology'], admin: true, __proto__x: 1 }).sort())
      .toEqual(['__proto__x', 'admin', 'email', 'interests.1'].sort());
    expect(issuesOf(signupSchema, { email: 'a@example.org', interests: ['events', 'events'] })).toEqual(['interests']);
  });

  it('refuses a __proto__ key from JSON as an unknown field', () => {
    expect(issuesOf(signupSchema, JSON.parse('{"email":"a@example.org","__proto__":{"admin":true}}'))).toEqual(['__proto__']);
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
    expect(issuesOf(registrationSchema, registration({ courses: [{ code: 'BIB201' }, { code: 'THE310', section: 'B' }], notes: 'line one\nline two' }))).toEqual([]);
  });

  it('points at duplicate codes, nested unknown keys and bad student fields', () => {
    const body = registration({ courses: [{ code: 'BIB201' }, { code: 'BIB201', extra: 1 }] });
    (body.student as Record<string, unknown>).studentId = 'x';
    expect(issuesOf(registrationSchema, body).sort()).toEqual(['courses.1.code', 'courses.1.extra', 'student.studentId'].sort());
  });

  it('limits courses to 1–8 and notes to 2000 characters', () => {
    expect(issuesOf(registrationSchema, registration({ courses: [] }))).toEqual(['courses']);
    const nine = Array.from({ length: 9 }, (_, i) => ({ code: `BIB${100 + i}` }));
    expect(issuesOf(registrationSchema, registration({ courses: nine }))).toEqual(['courses']);
    expect(issuesOf(registrationSchema, registration({ notes: 'x'.repeat(2001) }))).toEqual(['notes']);
  });
});
