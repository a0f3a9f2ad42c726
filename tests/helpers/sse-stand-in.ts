/**
 * The loopback server under the Gemini and OpenAI-compatible stand-ins: records every request, then answers with
 * an SSE stream of the protocol's chunks as the current behaviour says (words, pace, an HTTP error before the
 * stream, a connection broken off midway). Notices when the caller goes away before the stream ended.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Behaviour {
  /** The answer, one SSE event per word. */
  words: string[];
  /** Pause before each event (ms); 0 sends them as fast as possible. */
  delayMs?: number;
  /** Answer this HTTP status with the protocol's error body instead of a stream. */
  status?: number;
  /** Destroy the connection after this many words (a provider failing midway). */
  breakAfter?: number;
  /** Hold the stream open after this many words until `release()` (a long answer in progress). */
  holdAfter?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  // The body the stand-in received, parsed as JSON when it is: tests read the provider's request fields by name.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an arbitrary provider request, read by the tests
  body: any;
}

export interface Protocol {
  /** SSE `data:` payloads for one answer. */
  events(words: string[]): string[];
  /** JSON error body for an HTTP failure. */
  errorBody(status: number): unknown;
  /** Whether a request is one this protocol streams (anything else is a 404). */
  matches(req: IncomingMessage): boolean;
}

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  behaviour: Behaviour;
  /** How many answers the caller abandoned before the stream ended. */
  aborted: number;
  /** Resolves at the next abandoned answer. */
  nextAbort(): Promise<void>;
  /** Resolves when the next answer reaches `holdAfter`. */
  nextHold(): Promise<void>;
  /** Lets every held answer go on to its end. */
  release(): void;
  close(): Promise<void>;
}

/** Listens on loopback, on `port` (default: any free one). */
export async function startSseStandIn(protocol: Protocol, behaviour: Behaviour, port = 0): Promise<StandIn> {
  let abortWaiters: (() => void)[] = [];
  let holdWaiters: (() => void)[] = [];
  let held: (() => void)[] = [];
  const wake = (waiters: (() => void)[]) => waiters.forEach((w) => w());
  const standIn = {
    url: '',
    requests: [] as RecordedRequest[],
    behaviour,
    aborted: 0,
    nextAbort: () => new Promise<void>((resolve) => abortWaiters.push(resolve)),
    nextHold: () => new Promise<void>((resolve) => holdWaiters.push(resolve)),
    release: () => {
      const waiting = held;
      held = [];
      wake(waiting);
    },
    close: () =>
      new Promise<void>((resolve) => {
        standIn.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    standIn.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
    if (!protocol.matches(req))
      return void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');

    const { words, delayMs = 0, status, breakAfter, holdAfter } = standIn.behaviour;
    if (status)
      return void res
        .writeHead(status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(protocol.errorBody(status)));

    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.once('close', () => {
      if (res.writableFinished) return;
      standIn.aborted++;
      const waiters = abortWaiters;
      abortWaiters = [];
      wake(waiters);
    });
    const events = protocol.events(words);
    for (let i = 0; i < events.length; i++) {
      if (res.destroyed) return;
      if (breakAfter !== undefined && i === breakAfter) {
        // Let the caller take in what was sent first: a provider failing midway, not one refusing the connection.
        await new Promise((r) => setTimeout(r, 50));
        return void res.destroy();
      }
      if (holdAfter !== undefined && i === holdAfter) {
        const released = new Promise<void>((resolve) => held.push(resolve));
        const waiters = holdWaiters;
        holdWaiters = [];
        wake(waiters);
        await released;
      }
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (res.destroyed) return;
      res.write(`data: ${events[i]}\n\n`);
    }
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
