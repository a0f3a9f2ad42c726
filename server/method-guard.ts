/**
 * Methods that never reach a route as they are. Fetch's Request refuses TRACE and TRACK, so Astro could not build
 * a request from them (it answered 500): Astro gets a stand-in method no route takes instead, and the route's
 * 405 names the real one (locals.clientMethod). Node's HTTP parser refuses methods it does not know (FOO) before
 * any request exists, and hands CONNECT over as a raw socket: those are answered here, on the socket.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { methodError } from '../src/lib/http/method-guard.ts';
import { randomUUID } from 'node:crypto';
import { requestContext } from '../src/lib/http/request-id.ts';
import { errorAnswer, sendRawAnswer } from './answer.ts';

const FETCH_FORBIDDEN = new Set(['TRACE', 'TRACK']);
/** A method token no route exports, so every route answers it with its `ALL` handler (405, or 404 for no route). */
export const STAND_IN_METHOD = 'NOT-A-ROUTE-METHOD';

/** Swaps a method Fetch refuses for the stand-in; returns the client's method to pass to Astro as locals. */
export function standInMethod(req: IncomingMessage): { clientMethod: string } | undefined {
  const method = req.method!;
  if (!FETCH_FORBIDDEN.has(method)) return undefined;
  req.method = STAND_IN_METHOD;
  return { clientMethod: method };
}

/**
 * The methods some route of this server takes: the `Allow` of a 405 answered before the route is known. (A
 * route's own 405 lists exactly its methods.)
 */
const SERVER_METHODS = ['GET', 'HEAD', 'POST'];

const refuse = (socket: Socket, method: string, target: string | undefined) => {
  const pathname = target?.startsWith('/') ? target.split(/[?#]/)[0] : undefined;
  // No request event, so no request id yet: this answer gets its own, like every other.
  const requestId = randomUUID();
  const answer = requestContext.run({ requestId }, () => errorAnswer(pathname, methodError(method, SERVER_METHODS)));
  sendRawAnswer(socket, { ...answer, headers: { ...answer.headers, 'X-Request-Id': requestId } });
};

/** The request line at the start of what the parser was reading when it failed. */
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?$/m;

/** Node's own answers to requests its parser refuses, as it writes them when no `clientError` listener exists. */
const PARSER_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};

/**
 * The server's `clientError` listener: an unknown method is a 405 (JSON under /api/); every other parse error
 * gets what Node answers by default.
 */
export function onClientError(err: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) return void socket.destroy();
  const line = err.code === 'HPE_INVALID_METHOD' ? REQUEST_LINE.exec(err.rawPacket?.toString('latin1') ?? '') : null;
  if (line) return refuse(socket, line[1], line[2]);
  socket.end(PARSER_ANSWERS[err.code ?? ''] ?? 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
}

/** The server's `connect` listener: no route tunnels, so CONNECT is a 405 (JSON under /api/). */
export function onConnect(req: IncomingMessage, socket: Socket): void {
  refuse(socket, 'CONNECT', req.url);
}
