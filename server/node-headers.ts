import type { IncomingMessage } from 'node:http';

/** The `get` of a fetch Headers over Node's request headers (repeated headers joined, as fetch joins them). */
export const nodeHeaders = (req: IncomingMessage) => ({
  get: (name: string) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});
