/**
 * The worker thread that talks to the model (provider-fetch.ts starts it): requests sent with Node's HTTP client
 * over kept-alive connections, and what comes back posted to the main thread, gathered per turn of this thread's
 * event loop. The sockets, the HTTP parsing (and, with a real model, TLS) cost this thread, not the one that
 * answers every request.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { parentPort } from 'node:worker_threads';

/** What the main thread asks. */
export type ToTransport =
  | { type: 'request'; id: number; url: string; method: string; headers: Record<string, string>; body?: string }
  | { type: 'abort'; id: number };

/** What the worker answers, per request: the head, pieces of the body, then its end or an error. */
export type FromTransport =
  | { type: 'head'; id: number; status: number; statusText: string; rawHeaders: string[] }
  | { type: 'data'; id: number; chunk: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; message: string; code?: string };

const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
const requests = new Map<number, ClientRequest>();
const post = (message: FromTransport) => parentPort!.postMessage(message);

function send({ id, url, method, headers, body }: Extract<ToTransport, { type: 'request' }>) {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const req = request(target, { method, headers, agent: agents[target.protocol as keyof typeof agents] });
  requests.set(id, req);
  let over = false;
  const fail = (err: NodeJS.ErrnoException) => {
    if (over) return;
    over = true;
    requests.delete(id);
    post({ type: 'error', id, message: err.message, code: err.code });
  };
  req.once('error', fail);
  req.once('response', (res) => {
    post({
      type: 'head',
      id,
      status: res.statusCode!,
      statusText: res.statusMessage ?? '',
      rawHeaders: res.rawHeaders,
    });
    // Everything that arrives within one turn goes over in one message.
    let gathered: Buffer[] = [];
    const flush = () => {
      if (gathered.length === 0) return;
      const chunk = new Uint8Array(Buffer.concat(gathered));
      gathered = [];
      parentPort!.postMessage({ type: 'data', id, chunk } satisfies FromTransport, [chunk.buffer]);
    };
    res.on('data', (chunk: Buffer) => {
      if (gathered.push(chunk) === 1) setImmediate(flush);
    });
    res.once('end', () => {
      flush();
      over = true;
      requests.delete(id);
      post({ type: 'end', id });
    });
    // A connection broken mid-answer: what arrived before the break is still delivered, then the error.
    res.once('error', (err) => {
      flush();
      fail(err);
    });
    res.once('close', () => {
      if (res.complete) return;
      flush();
      fail(Object.assign(new Error('The connection closed before the answer ended.'), { code: 'ECONNRESET' }));
    });
  });
  req.end(body);
}

parentPort!.on('message', (message: ToTransport) => {
  if (message.type === 'request') send(message);
  else {
    requests.get(message.id)?.destroy();
    requests.delete(message.id);
  }
});
