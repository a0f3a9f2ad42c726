/**
 * The calendar's clock: what "now" is when a page, the API, a feed, an MCP tool or the chat decides what is still
 * to come. Always the real time, except on a test server started on loopback with CLOCK_NOW (config.ts refuses
 * it on any other HOST), so tests can stand on the day after an event without a rebuild. Unit tests pass `now`
 * to the catalog's queries directly.
 */
import { getConfig } from '../config.ts';

/** The instant to answer for. */
export function calendarNow(): Date {
  const fixed = getConfig().CLOCK_NOW;
  return fixed ? new Date(fixed.getTime()) : new Date();
}
