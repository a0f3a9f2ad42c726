/** The two forms (newsletter signup, course registration) and the bot challenge they may need. */
import type { ErrorCode } from '../../../schemas/api-error.ts';
import {
  challengeRequiredSchema,
  challengeSiteKeySchema,
  idempotencyKeySchema,
  registrationAcceptedSchema,
  registrationSchema,
  signupAcceptedSchema,
  signupSchema,
} from '../../../schemas/forms.ts';
import { policyText, rateLimitPolicies } from '../../limits/policies.ts';
import { GET_HEAD, kib, postErrors, rateLimitHeaders, retryAfter, type ErrorAnswer, type Route } from '../route.ts';

const signupLimit = rateLimitPolicies.signup;
const registrationLimit = rateLimitPolicies.registration;
const FORM_BODY_LIMIT = 16 * 1024;
const formChallengeErrors: ErrorCode[] = ['CHALLENGE_REQUIRED', 'CHALLENGE_FAILED'];
const formUnavailable: ErrorAnswer = {
  description: 'The challenge verifier or the store is unavailable; nothing was stored',
  codes: ['CHALLENGE_UNAVAILABLE', 'STORAGE_UNAVAILABLE'],
  headers: { ...rateLimitHeaders, ...retryAfter },
};

export const formRoutes: Route[] = [
  {
    path: '/api/email-marketing-signup',
    methods: ['POST'],
    rateLimit: signupLimit,
    bodyLimit: FORM_BODY_LIMIT,
    fastPath: 'early-429',
    operations: {
      post: {
        operationId: 'signUpForNewsletter',
        tags: ['forms'],
        summary: 'Subscribe to the newsletter',
        description: `The same answer for a new and an already subscribed address. ${policyText(signupLimit)} Body at most ${kib(FORM_BODY_LIMIT)}.`,
        request: {
          schema: signupSchema,
          example: { email: 'ada@example.org', name: 'Ada', interests: ['courses', 'online-learning'] },
        },
        responses: {
          200: {
            description: 'Accepted and stored',
            headers: rateLimitHeaders,
            schema: signupAcceptedSchema,
            example: { status: 'accepted' },
          },
          400: {
            description: 'Invalid body or bot challenge',
            codes: ['INVALID_BODY', ...formChallengeErrors],
            headers: rateLimitHeaders,
          },
          ...postErrors,
          503: formUnavailable,
        },
      },
    },
  },
  {
    path: '/api/course-registration',
    methods: ['POST'],
    rateLimit: registrationLimit,
    bodyLimit: FORM_BODY_LIMIT,
    fastPath: 'early-429',
    operations: {
      post: {
        operationId: 'registerForCourses',
        tags: ['forms'],
        summary: 'Register a returning student for courses',
        description: `Each course must exist and run in the chosen term. ${policyText(registrationLimit)} Body at most ${kib(FORM_BODY_LIMIT)}.`,
        requestHeaders: { 'Idempotency-Key': idempotencyKeySchema },
        request: {
          schema: registrationSchema,
          example: {
            student: { studentId: 'S123456', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
            term: '2027-spring',
            courses: [{ code: 'BIB201' }, { code: 'THE310', section: 'B' }],
          },
        },
        responses: {
          200: {
            description: 'Accepted and stored',
            headers: rateLimitHeaders,
            schema: registrationAcceptedSchema,
            example: { status: 'accepted', registrationId: 'reg_01JD8W3K' },
          },
          400: {
            description: 'Invalid body (unknown course, term not open…) or bot challenge',
            codes: ['INVALID_BODY', ...formChallengeErrors],
            headers: rateLimitHeaders,
          },
          ...postErrors,
          503: formUnavailable,
        },
      },
    },
  },
];

export const challengeRoutes: Route[] = [
  {
    path: '/api/challenge/site-key',
    methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'getChallengeSiteKey',
        tags: ['challenge'],
        summary: 'Publishable Turnstile site key for the form widgets',
        description:
          'The public site key a client renders the Turnstile widget with, to obtain the `turnstileToken` the form APIs accept, and the `action` each form API expects (render the widget with it; a token solved for another action is refused).',
        responses: {
          200: {
            description: 'The site key',
            schema: challengeSiteKeySchema,
            example: {
              siteKey: '0x4AAAAAAAxxxxxxxx',
              actions: { '/api/email-marketing-signup': 'signup', '/api/course-registration': 'course-registration' },
            },
          },
          503: { description: 'No bot challenge is configured', codes: ['CHALLENGE_NOT_CONFIGURED'] },
        },
      },
    },
  },
  {
    path: '/api/challenge/required',
    methods: GET_HEAD,
    operations: {
      get: {
        operationId: 'getChallengeRequired',
        tags: ['challenge'],
        summary: 'Whether the form APIs need a turnstileToken',
        description:
          'When `required` is true, the signup and registration bodies must carry a fresh `turnstileToken`; otherwise they may omit it.',
        responses: { 200: { description: 'The flag', schema: challengeRequiredSchema, example: { required: false } } },
      },
    },
  },
];
