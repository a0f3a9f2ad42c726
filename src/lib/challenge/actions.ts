/**
 * The Turnstile `action` each form's widget is rendered with. Cloudflare signs it into the token and siteverify
 * answers it back, so the server accepts a token only for the form it was solved for (letters, digits, - and _,
 * at most 32 characters).
 */
export const CHALLENGE_ACTIONS = { signup: 'signup', registration: 'course-registration' } as const;

/** The action each form API expects, by its path: what GET /api/challenge/site-key tells integrators. */
export const CHALLENGE_ACTIONS_BY_FORM = {
  '/api/email-marketing-signup': CHALLENGE_ACTIONS.signup,
  '/api/course-registration': CHALLENGE_ACTIONS.registration,
} as const;

export type ChallengeAction = (typeof CHALLENGE_ACTIONS)[keyof typeof CHALLENGE_ACTIONS];
