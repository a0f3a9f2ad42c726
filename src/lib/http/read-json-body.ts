import { ApiError } from './api-error.ts';

/**
 * Reads a JSON request body, refusing it as early as possible: a wrong media type before reading (415), a
 * declared or actual size over `maxBytes` while reading, never buffering more than the cap (413), then
 * malformed JSON (400). Returns the parsed value, still untrusted: validate it with a schema. The server already
 * refuses bodies over the route's cap (server/body-guard.ts); the routes check again so that a route never depends
 * on what runs in front of it.
 * @example const body = await readJsonBody(request, maxBody(ROUTE));
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!isJson(request.headers.get('content-type'))) throw notJson();
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  return parseJson(await readCapped(request, maxBytes));
}

/**
 * readJsonBody for a body the server has already read (server/body-guard.ts hands it on as `req.body`): the same
 * checks in the same order, and the same errors.
 */
export function parseJsonBody(contentType: string | null, body: Uint8Array | undefined, maxBytes: number): unknown {
  if (!isJson(contentType)) throw notJson();
  if (body && body.byteLength > maxBytes) throw tooLarge(maxBytes);
  return parseJson(body ? utf8(body) : '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'INVALID_BODY', 'The body is not valid JSON.', {
      resolution: 'Send one JSON object, UTF-8 encoded. See /openapi.json for its fields.',
    });
  }
}

const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes);

/** `application/json`, optionally with `charset=utf-8`; any other charset is refused rather than misread. */
function isJson(contentType: string | null): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => !p.startsWith('charset=') || p.replace(/"/g, '') === 'charset=utf-8');
}

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Stop reading at once: a client streaming gigabytes costs us one chunk past the cap.
        await reader.cancel().catch(() => {});
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, 'INVALID_BODY', 'The request body could not be read.', {
      resolution: 'Send the whole body again.',
    });
  }
  return utf8(Buffer.concat(chunks));
}

export const notJson = () =>
  new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This route accepts only JSON bodies.', {
    resolution: 'Send the body as JSON with the header Content-Type: application/json.',
  });

export function tooLarge(maxBytes: number) {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${maxBytes / 1024} KiB.`, {
    resolution: `Send at most ${maxBytes} bytes.`,
  });
}
