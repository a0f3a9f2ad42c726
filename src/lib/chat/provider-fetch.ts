/**
 * The transport under the AI SDK's providers (their `fetch` option, model.ts): the request to the model sent with
 * Node's own HTTP client over kept-alive connections, and its streamed answer handed to the SDK in as few pieces
 * as it arrived in. Fetch (undici) was a large share of the main thread per chat (docs/chat.md, the profiles): its
 * request and response objects, its HTTP parser, and a web stream step for every network read, each of which then
 * passes through the SDK's chain of decoding and parsing streams. Here a read takes everything that has arrived
 * since the last one, so a burst of events crosses that chain once.
 *
 * It behaves as fetch does where the SDK looks: a connection failure rejects with `TypeError('fetch failed')` and
 * the cause (the SDK retries it once), an abort rejects with the signal's reason and errors a body being read, a
 * connection broken mid-answer errors the body. Redirects are not followed (the model APIs send none) and no
 * compression is asked for (an event stream is not worth it). Anything else (a request with another kind of
 * body, a `Request` object) goes to the global fetch.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

/** A fetch for the providers' option: `createGoogleGenerativeAI({ fetch: providerFetch })`. */
export const providerFetch: typeof fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : undefined;
  if (!url || !(url.protocol in agents) || (init.body != null && typeof init.body !== 'string'))
    return fetch(input, init);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const body = init.body ?? undefined;
  const headers = Object.fromEntries(new Headers(init.headers));
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: init.method ?? 'GET',
      headers,
      agent: agents[url.protocol as keyof typeof agents],
    });
    let answered = false;
    const onAbort = () => req.destroy(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    req.once('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      if (answered) return; // the body's reader reports it
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: err }));
    });
    req.once('response', (res) => {
      answered = true;
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      resolve(
        new Response(bodyOf(res, signal), {
          status: res.statusCode,
          statusText: res.statusMessage,
          headers: headersOf(res),
        }),
      );
    });
    req.end(body);
  });
};

/**
 * The response body as a web stream. Each pull takes everything Node has buffered since the last one (a paused
 * stream's `read()`), so events that arrived together are one chunk.
 */
function bodyOf(res: IncomingMessage, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  let failure: unknown;
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  res.on('readable', notify);
  res.once('end', () => {
    ended = true;
    notify();
  });
  // A connection closed before the end (the provider failed, or the abort above destroyed it).
  res.once('close', () => {
    if (!ended) failure ??= signal?.aborted ? signal.reason : new TypeError('terminated', { cause: res.errored });
    notify();
  });
  res.once('error', (err) => {
    failure ??= signal?.aborted ? signal.reason : new TypeError('terminated', { cause: err });
  });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const chunk = res.read() as Buffer | null;
          if (chunk !== null) return controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
          if (failure !== undefined) return controller.error(failure);
          if (ended) return controller.close();
          await new Promise<void>((resolve) => (wake = resolve));
        }
      },
      cancel(reason) {
        res.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  return headers;
}
