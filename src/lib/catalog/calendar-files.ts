/**
 * The calendar (events, terms and their key dates) read by Node itself from its content files, without Astro's
 * content collections: for what the server answers before Astro (the chat's fast path, src/lib/chat/reply.ts),
 * where `astro:content` does not exist. The same files and the same schemas as the `events` and `terms`
 * collections (src/content.config.ts), which reject a mistake at build time first; src/schemas/content.ts and
 * the search's synonyms are read the same way.
 */
import eventsFile from '../../content/events.json' with { type: 'json' };
import termsFile from '../../content/terms.json' with { type: 'json' };
import { eventSchema } from '../../schemas/calendar.ts';
import { termSchema } from '../../schemas/content.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { toCalendarEvent, toCatalogTerm } from './model.ts';

/** What is still to come at a given time, and what has been: the catalog's calendar queries. */
export type CalendarQueries = Pick<Catalog, 'upcomingEvents' | 'pastEvents' | 'upcomingKeyDates'>;

let calendar: CalendarQueries | undefined;

/** The calendar's queries over the events and key dates; built on first use and shared by every caller. */
export function getCalendar(): CalendarQueries {
  calendar ??= createCatalog({
    courses: [],
    departments: [],
    terms: termsFile.map((t) => toCatalogTerm(termSchema.parse(t))),
    events: eventsFile.map((e) => toCalendarEvent(eventSchema.parse(e))),
  });
  return calendar;
}
