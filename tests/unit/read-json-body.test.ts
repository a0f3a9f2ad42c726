import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/http/api-error.ts';
import { readJsonBody } from '../../src/lib/http/read-json-body.ts';

const post = (body: BodyInit, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

async function failure(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('readJsonBody', () => {
  it('parses JSON with or without a utf-8 charset', async () => {
    expect(await readJsonBody(post('{"a":1}'), 100)).toEqual({ a: 1 });
    expect(await readJsonBody(post('[1]', { 'Content-Type': 'application/json; charset=UTF-8' }), 100)).toEqual([1]);
  });

  it.each([
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['application/json; charset=latin1'],
    ['application/jsonx'],
  ])('refuses %s with 415', async (type) => {
    expect((await failure(readJsonBody(post('{}', { 'Content-Type': type }), 100))).status).toBe(415);
  });

  it('refuses a missing content type with 415', async () => {
    expect(
      (await failure(readJsonBody(new Request('http://localhost/', { method: 'POST', body: '{}' }), 100))).code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses malformed JSON with 400 INVALID_BODY', async () => {
    expect((await failure(readJsonBody(post('{"a":'), 100))).code).toBe('INVALID_BODY');
    expect((await failure(readJsonBody(post(''), 100))).code).toBe('INVALID_BODY');
  });

  it('stops reading a body over the cap while it streams, without a Content-Length', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const err = await failure(readJsonBody(post(endless), 16 * 1024));
    expect(err.status).toBe(413);
    expect(err.code).toBe('PAYLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(40);
  });

  it('refuses a declared Content-Length over the cap before reading', async () => {
    const req = post('{}', { 'Content-Type': 'application/json', 'Content-Length': '999999' });
    expect((await failure(readJsonBody(req, 100))).status).toBe(413);
  });
});
