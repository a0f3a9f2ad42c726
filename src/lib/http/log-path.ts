/**
 * The request target as the log may keep it. Query strings carry secrets and personal data: the confirm and
 * unsubscribe tokens, the OAuth `code` and `state` of staff sign-in, what visitors type into search (email
 * addresses included). Only the values of the parameters named here are kept; any other value is replaced by
 * REDACTED, and a bare or odd name (`?ada@example.org`, `?greek`) goes whole. Search terms are never logged; the
 * search insights store has its own rules.
 */
const KEPT = new Set(['page', 'limit', 'offset', 'status', 'done', 'failed', 'error', 'signedOut', 'lang', 'format']);

export const REDACTED = '[redacted]';

const PLAIN_NAME = /^[A-Za-z][\w-]{0,39}$/;

export function loggablePath(target: string | undefined): string {
  if (!target) return '/';
  const at = target.indexOf('?');
  if (at === -1) return target;
  const path = target.slice(0, at);
  const query = target.slice(at + 1).split('#')[0]!;
  if (!query) return path;
  const pairs = query.split('&').filter(Boolean).map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (KEPT.has(name)) return pair;
    return PLAIN_NAME.test(name) && equals !== -1 ? `${name}=${REDACTED}` : REDACTED;
  });
  return `${path}?${pairs.join('&')}`;
}
