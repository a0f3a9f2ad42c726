import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFetch } from '../../src/lib/chat/provider-fetch.ts';
import { freePort } from '../helpers/real-servers.ts';

/** The chat's transport under the AI SDK behaves as fetch does wherever the SDK looks. */
describe('providerFetch', () => {
  let server: Server;
  let url: string;
  let handler: (req: IncomingMessage, body: string, res: ServerResponse) => void;
  const closed: string[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      res.once('close', () => {
        if (!res.writableFinished) closed.push(req.url!);
      });
      handler(req, body, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the body with its headers and streams the answer, with status and headers', async () => {
    let seen: { method?: string; type?: string; key?: string; length?: string; body?: string } = {};
    handler = (req, body, res) => {
      seen = {
        method: req.method,
        type: req.headers['content-type'],
        key: req.headers['x-goog-api-key'] as string,
        length: req.headers['content-length'],
        body,
      };
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Seen': 'yes' });
      res.write('data: {"a":"é"}\n\n');
      setImmediate(() => res.end('data: {"b":2}\n\n'));
    };
    const res = await providerFetch(`${url}/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-goog-api-key': 'k' },
      body: '{"q":"Grëek"}',
    });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-seen')).toBe('yes');
    expect(await res.text()).toBe('data: {"a":"é"}\n\ndata: {"b":2}\n\n');
    expect(seen).toEqual({
      method: 'POST',
      type: 'application/json',
      key: 'k',
      length: String(Buffer.byteLength('{"q":"Grëek"}')),
      body: '{"q":"Grëek"}',
    });
  });

  it('hands over an error answer with its status and body', async () => {
    handler = (_req, _body, res) =>
      res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":{"code":503}}');
    const res = await providerFetch(`${url}/busy`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(503);
    expect(res.ok).toBe(false);
    expect(await res.json()).toEqual({ error: { code: 503 } });
  });

  it('rejects as fetch does when nothing listens: TypeError "fetch failed" with the cause', async () => {
    const port = await freePort();
    const err = (await providerFetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).catch(
      (e: unknown) => e,
    )) as TypeError;
    expect(err).toBeInstanceOf(TypeError);
    expect(err.message).toBe('fetch failed');
    expect((err.cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('rejects with the reason of an abort before the answer, and errors a body being read on an abort', async () => {
    handler = () => {}; // never answers
    const before = new AbortController();
    const pending = providerFetch(`${url}/silent`, { method: 'POST', body: '{}', signal: before.signal });
    const reason = new DOMException('gone', 'AbortError');
    before.abort(reason);
    await expect(pending).rejects.toBe(reason);

    handler = (_req, _body, res) => res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write('data: 1\n\n');
    const during = new AbortController();
    const res = await providerFetch(`${url}/midway`, { method: 'POST', body: '{}', signal: during.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: 1\n\n');
    const next = reader.read();
    during.abort(reason);
    await expect(next).rejects.toBe(reason);
    await expect.poll(() => closed).toContain('/midway');
  });

  it('errors the body when the provider breaks the connection midway', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write('data: 1\n\n');
      setTimeout(() => res.destroy(), 20);
    };
    const res = await providerFetch(`${url}/broken`, { method: 'POST', body: '{}' });
    const err = (await res.text().catch((e: unknown) => e)) as TypeError;
    expect(err).toBeInstanceOf(TypeError);
  });

  it('closes the connection when the reader cancels the body', async () => {
    handler = (_req, _body, res) => res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write('data: 1\n\n');
    const res = await providerFetch(`${url}/cancelled`, { method: 'POST', body: '{}' });
    await res.body!.cancel(new Error('client gone'));
    await expect.poll(() => closed).toContain('/cancelled');
  });
});
