/**
 * Calendar feeds in iCalendar (RFC 5545): every event and key date as a VEVENT whose UID is its stable id, so a
 * subscribed calendar updates an entry instead of adding a second one. Events are in UTC (the instants do not
 * depend on the reader's zone rules); key dates are all-day entries (VALUE=DATE, DTEND the day after the last day).
 */
import { eventKindLabels, type EventKind } from '../../schemas/calendar.ts';
import { SITE_NAME } from '../site.ts';
import type { Catalog } from './catalog.ts';
import { formatEventWhere } from './format.ts';
import type { CalendarEvent, CatalogKeyDate } from './model.ts';
import { INSTITUTE_TIME_ZONE, nextDay } from './time-zone.ts';

/** The right-hand side of every UID: fixed, so UIDs never change with the server's address. */
const UID_DOMAIN = 'calendar.northgate-institute';

/** The feeds the site offers: one with everything, the key dates, and one per kind of event. */
export type FeedName = 'all' | 'key-dates' | EventKind;

/** Where a feed is served. */
export const feedPath = (feed: FeedName) => (feed === 'all' ? '/calendar.ics' : `/calendar/${feed}.ics`);

/** A feed's calendar name. */
export const feedTitle = (feed: FeedName) =>
  feed === 'all'
    ? SITE_NAME
    : feed === 'key-dates'
      ? `${SITE_NAME}: key dates`
      : `${SITE_NAME}: ${eventKindLabels[feed].toLowerCase()}`;

/** TEXT value escaping, §3.3.11. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** 20270313T100000Z, §3.3.5 form 2. */
const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** 20270313, §3.3.4. */
const date = (day: string) => day.replace(/-/g, '');

const encoder = new TextEncoder();

/** Content lines folded at 75 octets (§3.1), never inside a UTF-8 sequence, joined with CRLF. */
function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; the continuation lines 74 after their leading space.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(e: CalendarEvent, origin: string, stamp: string): string[] {
  const description = [
    e.summary,
    e.online ? `Join online: ${e.online}` : '',
    e.booking ? `Book: ${e.booking.replace(/^mailto:/, '')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:${e.id}@${UID_DOMAIN}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${text(e.title)}`,
    `DESCRIPTION:${text(description)}`,
    `LOCATION:${text(formatEventWhere(e))}`,
    `CATEGORIES:${text(eventKindLabels[e.kind])}`,
    // A lasting address (src/pages/events/[id].ts): the feed is written once, the event moves to the archive.
    `URL:${origin}/events/${e.id}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

function keyDateLines(k: CatalogKeyDate, origin: string, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${k.id}@${UID_DOMAIN}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${date(k.date)}`,
    `DTEND;VALUE=DATE:${date(nextDay(k.until))}`,
    `SUMMARY:${text(`${k.termName}: ${k.label}`)}`,
    `CATEGORIES:${text('Key dates')}`,
    `URL:${origin}/handbook/key-dates/#${k.id}`,
    // A deadline does not make the reader busy all day.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/**
 * A feed as an iCalendar document. `stamp` is DTSTAMP, when the feed was made (§3.8.7.2); `origin` makes the URLs
 * absolute. Everything is listed, past and future: a calendar shows the past as past.
 */
export function calendarFeed(catalog: Catalog, feed: FeedName, origin: string, stamp: Date): string {
  const dtstamp = utc(stamp);
  const events =
    feed === 'key-dates' ? [] : feed === 'all' ? catalog.events : catalog.events.filter((e) => e.kind === feed);
  const keyDates = feed === 'all' || feed === 'key-dates' ? catalog.keyDates : [];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SITE_NAME}//Calendar//EN`,
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${text(feedTitle(feed))}`,
    `X-WR-TIMEZONE:${INSTITUTE_TIME_ZONE}`,
    // Clients that honour it check back twice a day.
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
    'X-PUBLISHED-TTL:PT12H',
    ...events.flatMap((e) => eventLines(e, origin, dtstamp)),
    ...keyDates.flatMap((k) => keyDateLines(k, origin, dtstamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
