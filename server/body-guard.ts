import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimit } from '../src/lib/http/body-limits.ts';
import { tooLarge } from '../src/lib/http/read-json-body.ts';
import { errorAnswer, sendAnswer } from './answer.ts';

/**
 * Reads a request's body before anything else can, up to its path's cap (src/lib/http/body-limits.ts): a declared
 * Content-Length over the cap is refused unread, a chunked body as soon as it passes the cap. Within the cap the
 * body is handed on as `req.body`, which the Astro adapter takes instead of reading the request again; the caps
 * are small (64 KiB at most), so holding it costs nothing. True when the request may go on (at once when it has
 * no body), false when it was answered (413) or the client went away.
 */
export function guardBody(
  req: IncomingMessage & { body?: Buffer },
  res: ServerResponse,
  pathname: string,
): boolean | Promise<boolean> {
  const declared = req.headers['content-length'];
  // No body (most requests): nothing to read, and no promise to wait for.
  if (declared === undefined ? req.headers['transfer-encoding'] === undefined : Number(declared) === 0) return true;
  const limit = bodyLimit(pathname);
  const refuse = () => {
    closeLater(req, res);
    sendAnswer(res, errorAnswer(pathname, tooLarge(limit)));
    return false;
  };
  if (Number(declared) > limit) return refuse();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (goOn: boolean) => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      resolve(goOn);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      done(refuse());
    };
    const onEnd = () => {
      req.body = Buffer.concat(chunks, size);
      done(true);
    };
    // The client went away mid-body: nobody is left to answer.
    const onError = () => {
      res.destroy();
      done(false);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** Bodies up to this size are still read (and dropped) after a 413, so an ordinary client finishes sending. */
const DRAIN_MAX = 1024 * 1024;
/** How long a connection stays open after a 413 whose body is left unread, for the client to read the answer. */
const LINGER_MS = 5000;

/**
 * After a 413 the client may still be sending. Closing at once resets the connection under it, and clients then
 * report a network error instead of the 413. So up to DRAIN_MAX of the body is read and dropped (Node does that by
 * itself for a body nobody started reading), which lets the client finish and read the answer on a connection that
 * stays usable. A larger body is left unread: the client's writes stall, it reads the 413 and gives up, and the
 * connection is closed after LINGER_MS whatever it does.
 */
function closeLater(req: IncomingMessage, res: ServerResponse): void {
  const declared = Number(req.headers['content-length']);
  if (declared <= DRAIN_MAX) return;
  const leaveUnread = () => {
    // Node reads and drops a body nobody read (to reuse the connection) unless someone called read(): this call.
    req.pause();
    req.read(0);
    res.once('finish', () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
  };
  if (declared > DRAIN_MAX) return leaveUnread();
  // Chunked, already flowing: count what is dropped until the end, or until it is more than draining is worth.
  let left = DRAIN_MAX;
  const onData = (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) {
      req.off('data', onData);
      leaveUnread();
    }
  };
  req.on('data', onData).once('end', () => req.off('data', onData));
}
