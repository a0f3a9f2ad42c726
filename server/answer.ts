/**
 * Errors the server answers itself, before or outside Astro: in the shape the path's clients read. Under /api/,
 * /.well-known/ and the JSON documents an ApiError, on /mcp a JSON-RPC error (what the MCP transport itself
 * sends), elsewhere plain text.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { ApiError } from '../src/lib/http/api-error.ts';
import { answersJson, isMcpPath } from '../src/lib/http/json-paths.ts';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** `err` as the answer for `pathname` (undefined when the request line could not be read: then text). */
export function errorAnswer(pathname: string | undefined, err: ApiError): Answer {
  const headers: Record<string, string> = { ...err.headers, 'Cache-Control': 'no-store' };
  if (pathname !== undefined && isMcpPath(pathname)) {
    const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: err.message }, id: null });
    return { status: err.status, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' }, body };
  }
  if (pathname !== undefined && answersJson(pathname)) {
    return {
      status: err.status,
      headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(err.toBody()),
    };
  }
  return {
    status: err.status,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    body: `${err.message}\n`,
  };
}

/** Writes an answer. */
export function sendAnswer(res: ServerResponse, { status, headers, body }: Answer): void {
  res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Writes an answer straight to a socket and closes it: for requests Node's HTTP parser refuses (an unknown
 * method) or hands over as a raw socket (CONNECT), where there is no response object.
 */
export function sendRawAnswer(socket: Socket, { status, headers, body }: Answer): void {
  if (!socket.writable) return void socket.destroy();
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'X-Content-Type-Options: nosniff',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
