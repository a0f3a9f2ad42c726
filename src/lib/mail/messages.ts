import { CONFIRM_WINDOW_HOURS, UNCONFIRMED_KEPT_DAYS } from './promises.ts';
import type { OutgoingMail } from '../store/types.ts';
import { CONFIRM_TOKEN_TTL_MS, signToken } from './tokens.ts';

/** The public links of the newsletter, on `origin` (SITE_URL, or the request's own origin: see links in docs/mail.md). */
export const confirmUrl = (origin: string, token: string) => `${origin}/newsletter/confirm/?token=${token}`;
export const unsubscribeUrl = (origin: string, token: string) => `${origin}/api/newsletter/unsubscribe?token=${token}`;

/** RFC 8058: the https URL a mail provider POSTs `List-Unsubscribe=One-Click` to, and the header saying it may. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The double opt-in email: a link that confirms, and the one-click unsubscribe every subscriber email carries. */
export function confirmationMail(
  to: string,
  subscriberId: string,
  origin: string,
  secret: string,
  now = Date.now(),
): OutgoingMail {
  const confirm = confirmUrl(origin, signToken(secret, 'confirm', subscriberId, now + CONFIRM_TOKEN_TTL_MS));
  const unsubscribe = unsubscribeUrl(origin, signToken(secret, 'unsubscribe', subscriberId));
  return {
    to,
    subject: 'Confirm your subscription to the Northgate newsletter',
    text: [
      'Someone, hopefully you, asked to receive the Northgate Institute newsletter at this address.',
      '',
      `To confirm, open this link within ${CONFIRM_WINDOW_HOURS} hours:`,
      confirm,
      '',
      `If it was not you, ignore this email: without confirmation the address is deleted within ${UNCONFIRMED_KEPT_DAYS} days and`,
      'you will not hear from us again.',
      '',
      `Unsubscribe: ${unsubscribe}`,
    ].join('\n'),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

interface RegistrationFacts {
  registrationId: string;
  term: string;
  courses: { code: string; section?: string }[];
}
const courseList = (courses: RegistrationFacts['courses']) =>
  courses.map((c) => `  - ${c.code}${c.section ? ` (section ${c.section})` : ''}`);

/** The student's receipt: what was registered, nothing else (no name, phone or notes). */
export function registrationReceipt(to: string, r: RegistrationFacts): OutgoingMail {
  return {
    to,
    subject: `Registration received: ${r.registrationId}`,
    text: [
      'The registry has received your course registration.',
      '',
      `Registration: ${r.registrationId}`,
      `Term: ${r.term}`,
      'Courses:',
      ...courseList(r.courses),
      '',
      'The registry confirms your places by email. Quote the registration id if you write to us.',
    ].join('\n'),
  };
}

/** The registry's notice: the id, term and courses; the student's details are in the staff area, not in mail. */
export function registryNotice(to: string, r: RegistrationFacts, origin: string): OutgoingMail {
  return {
    to,
    subject: `New course registration ${r.registrationId} (${r.term})`,
    text: [
      `A course registration was stored: ${r.registrationId}, term ${r.term}.`,
      'Courses:',
      ...courseList(r.courses),
      '',
      `The student's details are in the staff area: ${origin}/staff/registrations`,
    ].join('\n'),
  };
}
