import pino from 'pino';
import { getConfig } from './config.ts';
import { currentRequestId } from './http/request-id.ts';

/**
 * The process logger: one JSON line per event, on stdout. A line written while a request is served carries its
 * `requestId` (see http/request-id.ts), so a visitor's error report finds its log lines.
 */
export const log = pino({
  level: getConfig().LOG_LEVEL,
  base: undefined,
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
});
