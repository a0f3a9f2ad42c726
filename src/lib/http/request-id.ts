import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id of the request being served, for every log line and ApiError made while serving it. An
 * AsyncLocalStorage, so code deep in src/lib (the store, search, chat) logs it without being handed it; with
 * Node 24's AsyncContextFrame a run() costs well under a microsecond.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string; trustedHops?: number }>();

/** The current request's id, or undefined outside a request (start-up, timers, commands). */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/**
 * How many right-most `X-Forwarded-*` entries of the current request our own proxies wrote (TRUST_PROXY, decided
 * from the peer's address when the request arrived: server/app.ts), or `fallback` outside a request.
 */
export const currentTrustedHops = (fallback: number): number => requestContext.getStore()?.trustedHops ?? fallback;

/** What a proxy's id may look like: short, printable, no spaces (it goes into logs and a response header). */
const SAFE_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * The id of a request: the `X-Request-Id` a trusted proxy sent (`trustedHops` > 0), so one id follows the request
 * through the proxy's log and ours; otherwise, or when it is missing or unsafe, a new UUID. Without a trusted
 * proxy the header is the client's own text, which must not be able to forge another request's id in our logs.
 */
export function requestIdOf(header: string | string[] | undefined, trustedHops: number): string {
  if (trustedHops > 0 && typeof header === 'string' && SAFE_ID.test(header)) return header;
  return randomUUID();
}
