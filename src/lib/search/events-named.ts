/**
 * The event a query names ("hymn festival", "advent carol service"), found in the calendar on the day of the search.
 * The index cannot hold it: the events page lists its events in dated regions, which Pagefind ignores so that it never
 * holds a stale "next" (docs/calendar.md), and the archive is made per request. So the event's page (the events page
 * while it is to come, the archive after it ends) joins the answer after it is cached: the same query finds
 * the events page on the day before an event and the archive on the day after, without a rebuild.
 */
import porter2 from 'wink-porter2-stemmer';
import { STOPWORDS } from '../chat/keywords.ts';
import type { CalendarEvent } from '../catalog/model.ts';
import type { CalendarQueries } from '../catalog/calendar-files.ts';
import { formatEventWhen } from '../catalog/format.ts';
import { markdownUrl } from '../site/twin-path.ts';
import type { Answer } from './answer-cache.ts';
import { escapeHtml } from './excerpt.ts';
import { holdsPhrase } from './intent.ts';
import { words as wordsOf } from './query-rewrite.ts';

/** The page of past events (src/pages/events/archive.astro), which is not in the index. */
export const ARCHIVE = { title: 'Past events', url: '/events/archive/' } as const;
/** The events page, where an event is listed until it ends. */
export const EVENTS_URL = '/events/';

/**
 * An event's name as the stems a query must hold, in order: its title up to a colon, a dash, "with" or "for" ("Advent
 * carols with the chapel choir" is "advent carol"; "Open day for Fall 2027 applicants" is "open day"), without stop
 * words. Porter2 stems, so "carols" and "carol" are one word.
 */
export const eventNameStems = (title: string) =>
  wordsOf(title.split(/:|\s[–—-]\s|\s(?:with|for)\s/i)[0]!)
    .filter((w) => !STOPWORDS.has(w))
    .map((w) => porter2(w));

/** Each event's name, stemmed once: this runs for every search, cached answer or not. */
const stemmedNames = new WeakMap<CalendarEvent, string[]>();
const nameOf = (event: CalendarEvent) => {
  let name = stemmedNames.get(event);
  if (!name) stemmedNames.set(event, (name = eventNameStems(event.title)));
  return name;
};

/**
 * The event the query's words name (a name of two words or more: "Graduation" alone is the graduation page's word),
 * with the page that lists it at `now`: the soonest named event still to come, or else the latest held.
 */
export function eventNamedIn(
  words: string[],
  calendar: Pick<CalendarQueries, 'upcomingEvents' | 'pastEvents'>,
  now: Date,
): { event: CalendarEvent; url: string } | undefined {
  const asked = words.map((w) => porter2(w));
  const names = (event: CalendarEvent) => {
    const name = nameOf(event);
    return name.length >= 2 && holdsPhrase(asked, name);
  };
  const coming = calendar.upcomingEvents(now).find(names);
  if (coming) return { event: coming, url: EVENTS_URL };
  const held = calendar.pastEvents(now).find(names);
  return held && { event: held, url: ARCHIVE.url };
}

/**
 * The answer with the page of the event the query names: the events page first while the event is to come; the
 * archive, once it has been held, second, after what the index found first (the events page's own words describe a
 * recurring event, "the annual Ashby Lecture", whose next one it will list). The page keeps its place in the answer
 * or is added, with the event's name and date as its excerpt; at most the answer's limit of results. `titleOf` gives
 * an indexed page's title (the archive is not indexed).
 */
export function withEventPage(
  answer: Answer,
  named: { event: CalendarEvent; url: string },
  titleOf: (url: string) => string | undefined,
): Answer {
  const { event, url } = named;
  const held = answer.results.find((r) => r.url === url);
  const page = held ?? {
    title: (url === ARCHIVE.url ? ARCHIVE.title : titleOf(url)) ?? event.title,
    url,
    type: 'page' as const,
    excerpt: escapeHtml(`${event.title}, ${formatEventWhen(event)}. ${event.summary}`),
    markdownUrl: markdownUrl(url),
  };
  const others = answer.results.filter((r) => r !== held);
  const at = url === ARCHIVE.url ? Math.min(1, others.length) : 0;
  return {
    ...answer,
    total: answer.total + (held ? 0 : 1),
    results: [...others.slice(0, at), page, ...others.slice(at)].slice(0, answer.limit),
  };
}
