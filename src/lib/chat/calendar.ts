/**
 * What the chat knows of the date: a page of its context, made per question, saying what today is and what is
 * still to come (events and key dates) at the time of the request. The events pages are made per request and so
 * are not in the search index the chat retrieves from; without this page, a question such as "When is the next
 * open day?" would be answered from a page written before the open day passed.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { formatDay, formatEventWhen, formatEventWhere, formatKeyDate } from '../catalog/format.ts';
import { INSTITUTE_TIME_ZONE, dayIn } from '../catalog/time-zone.ts';
import { eventKindLabels } from '../../schemas/calendar.ts';
import type { ContextPage } from './context.ts';

/** How many key dates the page lists: the next term's worth. */
const KEY_DATES = 8;

/** Questions about when something happens; only they get the calendar page (it would crowd out the others). */
const ABOUT_DATES =
  /\b(when|date|dates|day|days|next|upcoming|coming|soon|today|tomorrow|week|month|year|open[- ]?days?|events?|lectures?|concerts?|services?|carols?|workshops?|taster|festival|deadlines?|terms?|semesters?|starts?|begins?|graduation|exams?|examinations?|reading week|calendar|schedule|register|registration)\b/i;

export const asksAboutDates = (question: string) => ABOUT_DATES.test(question);

/** The calendar as a context page for `now`: today, the events not yet over, the next key dates. */
export function calendarContextPage(catalog: Catalog, now: Date): ContextPage {
  const events = catalog.upcomingEvents(now);
  const keyDates = catalog.upcomingKeyDates(now).slice(0, KEY_DATES);
  const lines = [
    `Today is ${formatDay(dayIn(now))} (the institute's time zone, ${INSTITUTE_TIME_ZONE}). Only the events below are still to come; any other date on other pages may have passed.`,
    '',
    'Events still to come, soonest first:',
    ...(events.length > 0
      ? events.map(
          (e) =>
            `- ${e.title} (${eventKindLabels[e.kind].toLowerCase()}): ${formatEventWhen(e)}; ${formatEventWhere(e)}. ${e.summary}${e.booking ? ` Booking: ${e.booking.replace(/^mailto:/, '')}.` : ''}`,
        )
      : ['- None planned at the moment.']),
    '',
    'Next key dates of the academic calendar:',
    ...keyDates.map((k) => `- ${k.termName}: ${k.label}: ${formatKeyDate(k)}`),
  ];
  return { title: 'Events and key dates, as of today', url: '/events/', text: lines.join('\n') };
}
