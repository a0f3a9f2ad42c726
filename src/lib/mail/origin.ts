import { getConfig } from '../config.ts';

/**
 * The origin of links in emails: SITE_URL when set (required once mail goes to a non-loopback SMTP server, so a
 * forged Host header cannot choose where links point); else the request's own origin, which for `npm start` is
 * http://localhost:4321 (or whatever host and port the visitor used).
 */
export function mailOrigin(request: Request): string {
  const { SITE_URL } = getConfig();
  return new URL(SITE_URL ?? request.url).origin;
}
