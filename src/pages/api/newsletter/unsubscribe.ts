import type { APIRoute } from 'astro';
import { ApiError } from '../../../lib/http/api-error.ts';
import { clientIp } from '../../../lib/http/client-ip.ts';
import { json } from '../../../lib/http/json.ts';
import { route } from '../../../lib/api/routes.ts';
import { methodNotAllowed } from '../../../lib/http/method-guard.ts';
import { invalidBody } from '../../../lib/http/validate-body.ts';
import { withRateLimit } from '../../../lib/limits/rate-limit.ts';
import { tokenFailure, unsubscribeByToken } from '../../../lib/mail/subscription.ts';

export const prerender = false;

const PAGE = '/newsletter/unsubscribe/';

/**
 * The List-Unsubscribe URL of every email. RFC 8058: a POST of `List-Unsubscribe=One-Click` unsubscribes at once,
 * with no cookie, no page and no confirmation step. Opened in a browser (GET), it goes to a page with one button,
 * because mail scanners follow links and must not unsubscribe anyone.
 */
export const POST = (async ({ request, clientAddress, url }) => {
  // A browser's form post (the page's button) is answered with the page; a mail provider gets JSON.
  const browser = request.headers.get('sec-fetch-mode') === 'navigate';
  const run = () =>
    withRateLimit('newsletter-link', clientIp(clientAddress, request.headers), async () => {
      const form = await readForm(request);
      if (form.get('List-Unsubscribe') !== 'One-Click') {
        throw invalidBody(
          [{ path: 'List-Unsubscribe', message: 'must be "One-Click"' }],
          'The body must be List-Unsubscribe=One-Click (RFC 8058).',
        );
      }
      await unsubscribeByToken(url.searchParams.get('token') ?? '');
      return browser
        ? redirect(`${PAGE}?done=1`)
        : json({ status: 'unsubscribed' }, { headers: { 'Cache-Control': 'no-store' } });
    });
  if (!browser) return run();
  try {
    return await run();
  } catch (err) {
    const reason = tokenFailure(err);
    if (!reason) throw err;
    return redirect(`${PAGE}?failed=${reason}`);
  }
}) satisfies APIRoute;

export const GET = (({ url }) =>
  redirect(`${PAGE}?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`)) satisfies APIRoute;
export const HEAD = GET;

export const ALL = methodNotAllowed(route('/api/newsletter/unsubscribe'));

const redirect = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be form-encoded: List-Unsubscribe=One-Click.', {
      resolution:
        'Send Content-Type: application/x-www-form-urlencoded with the body List-Unsubscribe=One-Click (RFC 8058).',
    });
  }
  try {
    return await request.formData();
  } catch {
    throw invalidBody(
      [{ path: '(body)', message: 'is not a readable form' }],
      'The body must be List-Unsubscribe=One-Click (RFC 8058).',
    );
  }
}
