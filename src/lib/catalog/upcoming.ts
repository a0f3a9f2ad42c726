/**
 * What is coming up, at `now`: the few next events and key dates the home page, the events page and the chat show.
 * Small functions over the catalog so any page (the home page's redesign too) can take them as they are.
 */
import type { Catalog } from './catalog.ts';
import type { CalendarEvent, CatalogKeyDate } from './model.ts';

/** The next `count` events not yet over at `now`, soonest first. */
export const nextEvents = (catalog: Catalog, now: Date, count = 3): CalendarEvent[] =>
  catalog.upcomingEvents(now).slice(0, count);

/** The next `count` key dates whose last day has not passed at `now`, soonest first. */
export const nextKeyDates = (catalog: Catalog, now: Date, count = 3): CatalogKeyDate[] =>
  catalog.upcomingKeyDates(now).slice(0, count);
