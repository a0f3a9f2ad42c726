/**
 * What the newsletter promises its subscribers, in one place: the code that keeps each promise reads it here, and
 * the pages and emails that state it interpolate it. The privacy page and docs/ say it in hand-written prose;
 * tests/unit/facts.test.ts fails when they no longer say these numbers.
 */

/** How long a confirmation link works (mail/tokens.ts). */
export const CONFIRM_WINDOW_HOURS = 72;
/** An unconfirmed signup is deleted this long after its last signup (mail/retention.ts). */
export const UNCONFIRMED_KEPT_DAYS = 7;
/** An unsubscribed address is deleted within this many days (mail/retention.ts purges two days earlier). */
export const UNSUBSCRIBED_DELETED_WITHIN_DAYS = 30;
/** Sent or abandoned mail, which holds addresses too, is deleted this long after (mail/retention.ts). */
export const SENT_MAIL_KEPT_DAYS = 7;
