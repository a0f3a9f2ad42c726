import { getConfig } from '../config.ts';

/**
 * The origin of links in emails: SITE_URL when set. The configuration requires it whenever mail is sent (SMTP_URL)
 * from a server on a non-loopback HOST, so a forged Host header cannot choose where links point. Without it (mail
 * written as files, or a server only this machine reaches) the request's own origin, e.g. http://localhost:4321.
 */
export function mailOrigin(request: Request): string {
  const { SITE_URL } = getConfig();
  return new URL(SITE_URL ?? request.url).origin;
}
