/**
 * Dates and times as the site writes them for people, always in the institute's time zone (or an event's own):
 * "Sunday 13 December 2026, 18:00–19:15", "8–12 March 2027". Pages, twins, feeds' descriptions and the chat share
 * these, so a date reads the same everywhere.
 */
import type { CalendarEvent, CatalogKeyDate } from './model.ts';
import { INSTITUTE_TIME_ZONE } from './time-zone.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const cached = (map: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) => {
  let f = map.get(zone);
  if (!f) map.set(zone, (f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options })));
  return f;
};
const longDay = (instant: Date, zone: string) =>
  cached(dayFormats, zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .format(instant)
    .replace(',', '');
const clock = (instant: Date, zone: string) =>
  cached(timeFormats, zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

/** A calendar day "YYYY-MM-DD" as "Friday 7 May 2027". */
export const formatDay = (day: string) => longDay(new Date(`${day}T12:00:00Z`), 'UTC');

/** A key date's days: "Friday 7 May 2027", or "8–12 March 2027" for a period. */
export function formatKeyDate(k: Pick<CatalogKeyDate, 'date' | 'until'>): string {
  if (k.until === k.date) return formatDay(k.date);
  const [y1, m1, d1] = k.date.split('-');
  const [y2, m2, d2] = k.until.split('-');
  const month = (m: string) =>
    new Date(`2000-${m}-01T12:00:00Z`).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  if (y1 === y2 && m1 === m2) return `${+d1!}–${+d2!} ${month(m2!)} ${y2}`;
  if (y1 === y2) return `${+d1!} ${month(m1!)} – ${+d2!} ${month(m2!)} ${y2}`;
  return `${+d1!} ${month(m1!)} ${y1} – ${+d2!} ${month(m2!)} ${y2}`;
}

/** When an event is, in its own zone: "Sunday 13 December 2026, 18:00–19:15" (with the zone when not the institute's). */
export function formatEventWhen(e: Pick<CalendarEvent, 'start' | 'end' | 'timeZone'>): string {
  const startDay = longDay(e.start, e.timeZone);
  const endDay = longDay(e.end, e.timeZone);
  const span =
    startDay === endDay
      ? `${startDay}, ${clock(e.start, e.timeZone)}–${clock(e.end, e.timeZone)}`
      : `${startDay}, ${clock(e.start, e.timeZone)} – ${endDay}, ${clock(e.end, e.timeZone)}`;
  return e.timeZone === INSTITUTE_TIME_ZONE ? span : `${span} (${e.timeZone.replace(/_/g, ' ')} time)`;
}

/** Where an event is: the place, "online", or both. */
export const formatEventWhere = (e: Pick<CalendarEvent, 'place' | 'online'>) =>
  e.place && e.online ? `${e.place}, and online` : (e.place ?? 'Online');
