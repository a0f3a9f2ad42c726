/**
 * What the chat knows of the date: a page of its context, made per question, saying what today is and what is
 * still to come (events and key dates) at the time of the request. The events pages are made per request and so
 * are not in the search index the chat retrieves from; without this page, a question such as "When is the next
 * open day?" would be answered from a page written before the open day passed.
 */
import type { CalendarQueries } from '../catalog/calendar-files.ts';
import { formatDay, formatEventWhen, formatEventWhere, formatKeyDate } from '../catalog/format.ts';
import { INSTITUTE_TIME_ZONE, dayIn } from '../catalog/time-zone.ts';
import { eventKindLabels } from '../../schemas/calendar.ts';
import { askedIn } from './citation.ts';
import type { ContextPage } from './context.ts';

/** The calendar as a page of the chat's context, with the events it lists: each one's id on the events page, its name. */
export interface CalendarPage extends ContextPage {
  events: { id: string; name: string }[];
}

/** How many key dates the page lists: the next term's worth. */
const KEY_DATES = 8;

/** Questions about when something happens; only they get the calendar page (it would crowd out the others). */
const ABOUT_DATES =
  /\b(when|date|dates|day|days|next|upcoming|coming|soon|today|tomorrow|week|month|year|open[- ]?days?|events?|lectures?|concerts?|services?|carols?|workshops?|taster|festival|deadlines?|terms?|semesters?|starts?|begins?|graduation|exams?|examinations?|reading week|calendar|schedule|register|registration)\b/i;

export const asksAboutDates = (question: string) => ABOUT_DATES.test(question);

/**
 * The pages retrieval found with today's calendar among them, each with its text (`twin`): the calendar is the events
 * page as of today, so it stands where retrieval found that page, or after the pages when retrieval did not.
 */
export function withCalendar<P extends { url: string; twin?: string }>(
  found: P[],
  calendar: CalendarPage[],
): (P | (CalendarPage & { twin: string }))[] {
  const asPages = calendar.map((c) => ({ ...c, twin: c.text }));
  const isCalendar = (p: { url: string }) => calendar.some((c) => c.url === p.url);
  return found.some(isCalendar)
    ? found.flatMap<P | (CalendarPage & { twin: string })>((p) => (isCalendar(p) ? asPages : [p]))
    : [...found, ...asPages];
}

/** The last page made from each calendar, and what it was made of: most questions on a day get the same page. */
const lastPages = new WeakMap<CalendarQueries, { key: string; page: CalendarPage }>();

/** The calendar as a context page for `now`: today, the events not yet over, the next key dates. */
export function calendarContextPage(calendar: CalendarQueries, now: Date): CalendarPage {
  const events = calendar.upcomingEvents(now);
  const keyDates = calendar.upcomingKeyDates(now).slice(0, KEY_DATES);
  // The page changes only with the day and with what is still to come; formatting it costs far more than this key.
  const today = dayIn(now);
  const key = `${today} ${events.map((e) => e.id).join()} ${keyDates.map((k) => k.id).join()}`;
  const last = lastPages.get(calendar);
  if (last?.key === key) return last.page;
  const listed = events.map((e) => {
    const name = `${e.title} (${eventKindLabels[e.kind].toLowerCase()})`;
    const booking = e.booking ? ` Booking: ${e.booking.replace(/^mailto:/, '')}.` : '';
    return { id: e.id, name, line: `- ${name}: ${formatEventWhen(e)}; ${formatEventWhere(e)}. ${e.summary}${booking}` };
  });
  const lines = [
    `Today is ${formatDay(today)} (the institute's time zone, ${INSTITUTE_TIME_ZONE}). Only the events below are still to come; any other date on other pages may have passed.`,
    '',
    'Events still to come, soonest first:',
    ...(listed.length > 0 ? listed.map((e) => e.line) : ['- None planned at the moment.']),
    '',
    'Next key dates of the academic calendar:',
    ...keyDates.map((k) => `- ${k.termName}: ${k.label}: ${formatKeyDate(k)}`),
  ];
  const page = {
    title: 'Events and key dates, as of today',
    url: '/events/',
    text: lines.join('\n'),
    events: listed.map(({ id, name }) => ({ id, name })),
  };
  lastPages.set(calendar, { key, page });
  return page;
}

/**
 * Where a citation of the calendar lands on the events page: the event whose name (its title and kind) holds the most
 * of the words asked (the first of equals: the soonest), by its id there ("When is the Ashby Lecture?"); else the
 * page's "Coming up" section, which lists the next events and key dates ("When does the spring term start?"). Its
 * name, not its summary: a summary mentions fees, refreshments and recordings in passing.
 */
export function calendarAnchor(page: CalendarPage, asked: ReadonlySet<string>): string {
  let best: { id: string; held: number } | undefined;
  for (const { id, name } of page.events) {
    const held = askedIn(name, asked);
    if (held > (best?.held ?? 0)) best = { id, held };
  }
  return `#${encodeURIComponent(best?.id ?? COMING_UP)}`;
}
/** The id of the events page's list of what is coming up (src/components/calendar/ComingUp.astro). */
const COMING_UP = 'coming-up';
