/**
 * Request and response bodies of the two form APIs. Strict: an unknown key is an error, so a typo never
 * passes silently. The same schemas validate requests, type the code and generate /openapi.json.
 */
import { z } from 'zod';
import { COURSE_CODE, topicSlugs } from './content.ts';
import { MAX_INTERESTS } from '../lib/store/types.ts';
import { CHALLENGE_ACTIONS, type ChallengeAction } from '../lib/challenge/actions.ts';

// Control characters (C0, DEL, C1), lone surrogates and, in one-line fields, the line and paragraph separators
// have no business in a name or an address; notes may keep line breaks and tabs. The patterns also go into
// /openapi.json, so they use only explicit ranges: no \p{…} property escapes (Python's re rejects them; JavaScript
// without the `u` flag, as in Spectral's validator, reads \p{Cc} as the letters "p{Cc}") and no \d or \s (whose
// meaning differs between engines). RE2-family engines (Go, many validators) have no \uXXXX escape and JavaScript
// without `u` has no \x{…}, so /openapi.json writes characters above \xff as themselves (portablePattern in
// src/lib/discovery/openapi-schemas.ts). No pattern names a surrogate: RE2 cannot (UTF-8 has none), and a paired
// surrogate (an emoji) then passes in every engine, code points or UTF-16 code units; lone surrogates are refused
// by isWellFormed() beside the pattern. tests/unit/forms-schemas.test.ts checks every BMP character;
// tests/unit/openapi-patterns.test.ts compiles each published pattern with re2js.
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point; published as is
const NO_CONTROLS = /^[^\x00-\x1f\x7f-\x9f\u2028\u2029]*$/u;
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point; published as is
const NO_CONTROLS_BUT_LINES = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/u;
// A page path: no whitespace (JavaScript's \s, spelled out) and no control characters.
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point; published as is
const PAGE_PATH = /^\/[^\x00-\x20\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*$/u;
const wellFormed = (s: string) => s.isWellFormed();

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(NO_CONTROLS, 'must not contain control characters')
    .refine(wellFormed, 'must not contain control characters');
const email = z.email({ error: 'must be an email address, e.g. "ada@example.org"' }).max(254);
const turnstileToken = (action: ChallengeAction) =>
  z
    .string()
    .min(1)
    .max(2048)
    .describe(
      `The Turnstile widget's token, from a widget rendered with action "${action}" on this site; required when GET /api/challenge/required says so. Single use`,
    );

export const signupSchema = z
  .strictObject({
    email: email.describe('The address to subscribe, e.g. "ada@example.org"; stored lower-cased'),
    name: line(100).optional().describe('How to greet the subscriber, e.g. "Ada"'),
    interests: z
      .array(z.enum(topicSlugs))
      .max(MAX_INTERESTS)
      .refine((list) => new Set(list).size === list.length, 'list each topic once')
      .optional()
      .describe(
        `Topic slugs, at most ${MAX_INTERESTS}, from: ${topicSlugs.join(', ')}. A repeat signup adds them to the stored ones`,
      ),
    source: z
      .string()
      .max(200)
      .regex(PAGE_PATH, 'must be a page path, e.g. "/newsletter/"')
      .optional()
      .describe('The page path the form was sent from, e.g. "/newsletter/"'),
    turnstileToken: turnstileToken(CHALLENGE_ACTIONS.signup).optional(),
  })
  .describe('Email marketing signup');

export const courseSelectionSchema = z.strictObject({
  code: z
    .string()
    .regex(COURSE_CODE, 'a course code is 2–4 capital letters and 3 digits, e.g. "BIB201"')
    .describe('Course code from the catalog, offered in the chosen term, e.g. "BIB201"'),
  section: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/, 'a section is 1–3 capital letters or digits, e.g. "B"')
    .optional()
    .describe('Section, when the course runs in several, e.g. "B"'),
});

export const registrationSchema = z
  .strictObject({
    student: z
      .strictObject({
        studentId: z
          .string()
          .max(20)
          .regex(/^[A-Za-z0-9-]{3,20}$/, '3–20 letters, digits or hyphens, e.g. "S123456"')
          .describe('Student number, e.g. "S123456"'),
        firstName: line(100).describe('e.g. "Ada"'),
        lastName: line(100).describe('e.g. "Lovelace"'),
        email: email.describe('Where the confirmation goes, e.g. "ada@example.org"'),
        phone: z
          .string()
          .max(30)
          .regex(/^\+?[0-9][0-9 ().-]{3,28}[0-9]$/, 'a phone number, e.g. "+1 555 0100"')
          .optional()
          .describe('e.g. "+1 555 0100"'),
      })
      .describe('The returning student'),
    term: z
      .string()
      .regex(/^[0-9]{4}-(spring|summer|fall)$/, 'a term id looks like "2027-spring"')
      .describe('Term id open for registration, e.g. "2027-spring" (see the catalog)'),
    courses: z
      .array(courseSelectionSchema)
      .min(1, 'choose at least one course')
      .max(8, 'choose at most 8 courses')
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((c, i) => {
          if (seen.has(c.code))
            ctx.addIssue({ code: 'custom', path: [i, 'code'], message: `${c.code} is listed twice` });
          seen.add(c.code);
        });
      })
      .describe('1–8 courses with distinct codes, each offered in `term`'),
    notes: z
      .string()
      .max(2000)
      .regex(NO_CONTROLS_BUT_LINES, 'must not contain control characters')
      .refine(wellFormed, 'must not contain control characters')
      .optional()
      .describe('Anything the registry should know, at most 2000 characters'),
    turnstileToken: turnstileToken(CHALLENGE_ACTIONS.registration).optional(),
  })
  .describe('Course registration for returning students');

export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,128}$/, '1–128 visible ASCII characters')
  .describe('Idempotency-Key header: the same key and body return the same registrationId');

export const signupAcceptedSchema = z.object({ status: z.literal('accepted') }).describe('Signup accepted');
export const registrationAcceptedSchema = z
  .object({
    status: z.literal('accepted'),
    registrationId: z.string().describe('e.g. "reg_3kQ9…"'),
  })
  .describe('Registration accepted');
export const challengeSiteKeySchema = z.object({
  siteKey: z.string().describe('Turnstile site key for the widget'),
  actions: z
    .object({
      '/api/email-marketing-signup': z.literal('signup'),
      '/api/course-registration': z.literal('course-registration'),
    })
    .describe(
      'The Turnstile `action` each form API accepts a token for, by its path: render the widget with it (data-action), or the form answers 400 CHALLENGE_FAILED',
    ),
});
export const challengeRequiredSchema = z.object({
  required: z.boolean().describe('Whether the forms need a turnstileToken'),
});

export type SignupInput = z.infer<typeof signupSchema>;
export type RegistrationInput = z.infer<typeof registrationSchema>;
