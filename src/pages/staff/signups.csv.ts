import type { APIRoute } from 'astro';
import { getStore } from '../../lib/store/index.ts';
import { csvResponse, csvStream, signupExport } from '../../lib/csv/submission-export.ts';
import { unsubscribeUrl } from '../../lib/mail/messages.ts';
import { mailOrigin } from '../../lib/mail/origin.ts';
import { getMailSecret } from '../../lib/mail/secret.ts';
import { signToken } from '../../lib/mail/tokens.ts';

export const prerender = false;

/** The confirmed subscribers as CSV, each with their unsubscribe URL (the /staff gate has checked the session). */
export const GET = (async ({ request }) => {
  const store = getStore();
  const secret = await getMailSecret(store);
  const origin = mailOrigin(request);
  return csvResponse(
    'signups',
    csvStream(
      store,
      signupExport((id) => unsubscribeUrl(origin, signToken(secret, 'unsubscribe', id))),
    ),
  );
}) satisfies APIRoute;
export const HEAD = GET;
