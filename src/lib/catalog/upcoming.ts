/**
 * What is coming up, at `now`: the few next events and key dates the home page, the events page and the chat show.
 * Pages rendered per request ask for one instant; prerendered pages ask for every state and the windows in which
 * it holds (src/lib/site/dated.ts), so the server can show the right one on the day it is read.
 */
import type { TimeWindow } from '../site/dated.ts';
import type { Catalog } from './catalog.ts';
import { keyDateEnd, type CalendarEvent, type CatalogCourse, type CatalogKeyDate, type CatalogTerm } from './model.ts';
import { nextDay, startOfDay } from './time-zone.ts';
import { windowsOf } from './windows.ts';

/** The next `count` events not yet over at `now`, soonest first. */
export const nextEvents = (catalog: Catalog, now: Date, count = 3): CalendarEvent[] =>
  catalog.upcomingEvents(now).slice(0, count);

/** The next `count` key dates whose last day has not passed at `now`, soonest first. */
export const nextKeyDates = (catalog: Catalog, now: Date, count = 3): CatalogKeyDate[] =>
  catalog.upcomingKeyDates(now).slice(0, count);

/** A list as it reads over time: each item with the windows in which it is on the list, and when the list has items and has none. */
export interface DatedList<T> {
  items: { item: T; windows: TimeWindow[] }[];
  any: TimeWindow[];
  empty: TimeWindow[];
}

/** A list that changes only at `changes`, as a DatedList. */
function datedList<T>(changes: Date[], candidates: readonly T[], listAt: (t: Date) => readonly T[]): DatedList<T> {
  return {
    items: candidates
      .map((item) => ({ item, windows: windowsOf(changes, (t) => listAt(t).includes(item)) }))
      .filter((d) => d.windows.length > 0),
    any: windowsOf(changes, (t) => listAt(t).length > 0),
    empty: windowsOf(changes, (t) => listAt(t).length === 0),
  };
}

/** Every event that is ever among the next `count` (all that are to come, by default: the events page), with when; and when none is to come. */
export function datedNextEvents(catalog: Catalog, count = Infinity) {
  return datedList(
    catalog.events.map((e) => e.end),
    catalog.events,
    (t) => nextEvents(catalog, t, count),
  );
}

/** Every key date that is ever among the next `count`, with when; and when none is to come. */
export function datedNextKeyDates(catalog: Catalog, count = 3) {
  return datedList(catalog.keyDates.map(keyDateEnd), catalog.keyDates, (t) => nextKeyDates(catalog, t, count));
}

/** Each event of `kind` with the windows in which it is the next of its kind; and when there is none. */
export function datedNextEventOf(catalog: Catalog, kind: CalendarEvent['kind']) {
  const ofKind = catalog.events.filter((e) => e.kind === kind);
  return datedList(
    ofKind.map((e) => e.end),
    ofKind,
    (t) => [catalog.nextEvent(kind, t)].filter((e) => e !== undefined),
  );
}

/** Each term of the course with the windows in which it is the one the course next starts in; and when none is. */
export function datedNextStart(catalog: Catalog, course: CatalogCourse) {
  const terms: CatalogTerm[] = catalog.termsOf(course);
  // A term is "next" through the day it starts (Catalog.nextStart), so it stops being next at the following midnight.
  return datedList(
    terms.map((term) => startOfDay(nextDay(term.starts))),
    terms,
    (t) => [catalog.nextStart(course, t)].filter((term) => term !== undefined),
  );
}
