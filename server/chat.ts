/**
 * POST /api/chat before Astro (the route table's `chat-answer` fast path): the same function as the Astro route
 * (src/lib/chat/reply.ts) with the body the server has already read, and the answer written straight to Node's
 * response. Astro's pipeline (a Request, the middleware, a Response piped through web streams) cost a large share
 * of the main thread per chat (docs/chat.md, the profile).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../src/lib/config.ts';
import { maxBody, route } from '../src/lib/api/routes.ts';
import { replyToChat } from '../src/lib/chat/reply.ts';
import { writeUiMessageStream } from '../src/lib/chat/ui-message-stream.ts';
import { ApiError, internalError } from '../src/lib/http/api-error.ts';
import { clientIp } from '../src/lib/http/client-ip.ts';
import { publicOriginOfNodeRequest } from '../src/lib/http/public-origin.ts';
import { parseJsonBody } from '../src/lib/http/read-json-body.ts';
import { sendAnswer } from './answer.ts';
import { nodeHeaders } from './node-headers.ts';

const CHAT_BODY_LIMIT = maxBody(route('/api/chat'));

export async function answerChatRequest(
  req: IncomingMessage & { body?: Buffer },
  res: ServerResponse,
  config: Config,
  log: Logger,
): Promise<void> {
  const client = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) client.abort();
  });
  let reply: Awaited<ReturnType<typeof replyToChat>>;
  try {
    reply = await replyToChat({
      ip: clientIp(req.socket.remoteAddress ?? '', nodeHeaders(req)),
      origin: publicOriginOfNodeRequest(req, config),
      signal: client.signal,
      readBody: () => parseJsonBody(req.headers['content-type'] ?? null, req.body, CHAT_BODY_LIMIT),
    });
  } catch (err) {
    if (res.destroyed) return;
    // As the Astro middleware answers what a route throws: an ApiError as it is, anything else a logged 500.
    if (!(err instanceof ApiError)) log.error({ err, path: '/api/chat' }, 'unhandled error in route');
    const error = err instanceof ApiError ? err : internalError();
    return sendAnswer(res, {
      status: error.status,
      headers: { ...error.headers, 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(error.toBody()),
    });
  }
  try {
    await writeUiMessageStream(res, reply.answer, reply.headers);
  } catch (err) {
    // The status is sent: all that is left is to end the connection, as Astro's adapter does.
    log.error({ err, path: '/api/chat' }, 'chat: writing the answer failed');
    res.destroy();
  }
}
