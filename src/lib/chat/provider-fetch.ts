/**
 * The transport under the AI SDK's providers (their `fetch` option, model.ts): the request to the model is made by a
 * worker thread (provider-transport.ts) with Node's HTTP client over kept-alive connections, and its answer comes
 * back as a web stream fed by the worker's messages, everything that arrived within one turn in one piece. The
 * global fetch (undici) was a large share of the main thread per chat (docs/chat.md, the profiles): its request and
 * response objects, its HTTP parser, the socket writes and reads, and a web stream step for every network read;
 * here the main thread only posts the request and takes a few messages.
 *
 * It behaves as fetch does where the SDK looks: a connection failure rejects with `TypeError('fetch failed')` and
 * the cause (the SDK retries it once), an abort rejects with the signal's reason and errors a body being read, a
 * connection broken mid-answer errors the body, cancelling the body closes the connection. Redirects are not
 * followed (the model APIs send none) and no compression is asked for (an event stream is not worth it). Anything
 * else (a request with another kind of body, a `Request` object) goes to the global fetch.
 */
import { Worker } from 'node:worker_threads';
import type { FromTransport, ToTransport } from './provider-transport.ts';

const TRANSPORT = new URL('./provider-transport.ts', import.meta.url);
/** Statuses whose response has no body (fetch refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

interface Pending {
  resolve: (response: Response) => void;
  reject: (err: unknown) => void;
  /** Once the head is in: the body being fed. */
  body?: ReadableStreamDefaultController<Uint8Array>;
  /** Ends the request on our side: no more messages are taken for it. */
  settle: () => void;
}

let transport: { worker: Worker; pending: Map<number, Pending>; nextId: number } | undefined;

function getTransport() {
  if (transport) return transport;
  const worker = new Worker(TRANSPORT);
  worker.unref();
  const current = { worker, pending: new Map<number, Pending>(), nextId: 1 };
  worker.on('message', (message: FromTransport) => {
    const pending = current.pending.get(message.id);
    if (!pending) return; // aborted or cancelled here already
    if (message.type === 'data') pending.body?.enqueue(message.chunk);
    else if (message.type === 'head') answer(pending, message, current);
    else if (message.type === 'end') {
      pending.settle();
      pending.body?.close();
    } else {
      pending.settle();
      const cause = Object.assign(new Error(message.message), { code: message.code });
      if (pending.body) pending.body.error(new TypeError('terminated', { cause }));
      else pending.reject(new TypeError('fetch failed', { cause }));
    }
  });
  // The worker died: every request in it has failed, and the next one starts a new worker.
  const fail = (cause: unknown) => {
    if (transport === current) transport = undefined;
    for (const pending of [...current.pending.values()]) {
      pending.settle();
      if (pending.body) pending.body.error(new TypeError('terminated', { cause }));
      else pending.reject(new TypeError('fetch failed', { cause }));
    }
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the provider transport exited with code ${code}`)));
  transport = current;
  return current;
}

function answer(
  pending: Pending,
  head: Extract<FromTransport, { type: 'head' }>,
  { worker }: NonNullable<typeof transport>,
) {
  const headers = new Headers();
  for (let i = 0; i < head.rawHeaders.length; i += 2) headers.append(head.rawHeaders[i]!, head.rawHeaders[i + 1]!);
  const body = NULL_BODY.has(head.status)
    ? null
    : new ReadableStream<Uint8Array>({
        start: (controller) => {
          pending.body = controller;
        },
        cancel: () => {
          pending.settle();
          worker.postMessage({ type: 'abort', id: head.id } satisfies ToTransport);
        },
      });
  pending.resolve(new Response(body, { status: head.status, statusText: head.statusText, headers }));
}

/** A fetch for the providers' option: `createGoogleGenerativeAI({ fetch: providerFetch })`. */
export const providerFetch: typeof fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
  if (!url || !/^https?:/i.test(url) || (init.body != null && typeof init.body !== 'string')) return fetch(input, init);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const headers = Object.fromEntries(new Headers(init.headers));
  const body = init.body ?? undefined;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const current = getTransport();
  const id = current.nextId++;
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => {
      pending.settle();
      current.worker.postMessage({ type: 'abort', id } satisfies ToTransport);
      if (pending.body) pending.body.error(signal!.reason);
      else reject(signal!.reason);
    };
    const pending: Pending = {
      resolve,
      reject,
      settle: () => {
        if (!current.pending.delete(id)) return;
        signal?.removeEventListener('abort', onAbort);
        // The worker keeps the process alive only while it has requests in hand.
        if (current.pending.size === 0) current.worker.unref();
      },
    };
    current.pending.set(id, pending);
    current.worker.ref();
    signal?.addEventListener('abort', onAbort, { once: true });
    current.worker.postMessage({
      type: 'request',
      id,
      url,
      method: init.method ?? 'GET',
      headers,
      body,
    } satisfies ToTransport);
  });
};
