/**
 * The cap on chat answers in flight in this process (CHAT_MAX_STREAMS), shared by POST /api/chat and MCP ask_site:
 * every answer holds a provider connection and costs tokens, so a burst beyond the cap is refused at once with a
 * short Retry-After instead of queueing behind answers that take seconds each.
 */
import { ApiError } from '../http/api-error.ts';
import { gaugeSources } from '../metrics/index.ts';

/** Seconds a refused client is asked to wait: about the length of one answer. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

let inFlight = 0;
gaugeSources.chatStreamsInFlight = () => inFlight;

/**
 * Takes one of `max` slots; the returned release may be called any number of times, it frees the slot once.
 * @throws ApiError 503 AI_UNAVAILABLE with Retry-After when all slots are taken.
 */
export function takeStreamSlot(max: number): () => void {
  if (inFlight >= max) {
    throw new ApiError(503, 'AI_UNAVAILABLE', 'The chat is busy: it is writing as many answers as it can right now.', {
      resolution: `Try again in ${BUSY_RETRY_AFTER_SECONDS} seconds.`,
      headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    });
  }
  inFlight++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight--;
  };
}
