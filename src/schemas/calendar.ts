/**
 * The calendar's content schemas: events (src/content/events.json) and each term's key dates (in
 * src/content/terms.json). Like every content schema, each field says what it means with an example, and each
 * rule says how to fix a mistake, because these messages are what an editor sees when the build rejects a file.
 * Times are wall-clock times in the institute's time zone (src/lib/catalog/time-zone.ts) unless an event names another.
 */
import { z } from 'zod';
import { INSTITUTE_TIME_ZONE, isTimeZone } from '../lib/catalog/time-zone.ts';

/** The kinds of event; each has its own calendar feed, /calendar/<kind>.ics. */
export const eventKinds = ['open-day', 'lecture', 'concert', 'service', 'workshop'] as const;
export type EventKind = (typeof eventKinds)[number];

/** What the site calls each kind, in a sentence and in a feed's name. */
export const eventKindLabels: Record<EventKind, string> = {
  'open-day': 'Open days',
  lecture: 'Public lectures',
  concert: 'Concerts',
  service: 'Services',
  workshop: 'Workshops and taster days',
};

/** The key dates a term can have, in the order they come. */
export const keyDateKinds = [
  'classes-begin',
  'add-drop-deadline',
  'reading-week',
  'withdrawal-deadline',
  'examinations',
  'term-ends',
  'graduation',
] as const;
export type KeyDateKind = (typeof keyDateKinds)[number];

/** Every term has these; a reading week and a graduation are optional (the summer term has neither). */
export const requiredKeyDates: readonly KeyDateKind[] = [
  'classes-begin',
  'add-drop-deadline',
  'withdrawal-deadline',
  'examinations',
  'term-ends',
];

/** The words each key date is shown with, unless the key date gives its own `label`. */
export const keyDateLabels: Record<KeyDateKind, string> = {
  'classes-begin': 'Classes begin',
  'add-drop-deadline': 'Last day to add or drop a course',
  'reading-week': 'Reading week and on-campus teaching week for hybrid courses',
  'withdrawal-deadline': 'Last day to withdraw with a grade of W',
  examinations: 'Examination period',
  'term-ends': 'Term ends',
  graduation: 'Graduation in the Institute chapel',
};

const day = z.iso.date({ error: 'a date is written "YYYY-MM-DD", e.g. "2027-03-08"' });
const localDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
    `a time is written "YYYY-MM-DDTHH:mm" on the 24-hour clock, in the institute's time zone (${INSTITUTE_TIME_ZONE}), e.g. "2027-02-25T19:00"`,
  )
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}:00Z`)) && new Date(`${v}:00Z`).toISOString().startsWith(v),
    'not a real date and time: check the month, the day and the hour (00–23)',
  );
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single hyphens, e.g. "open-day-2027-03"');
const webLink = z.url({
  protocol: /^https$/,
  error: 'must be a full https:// address, e.g. "https://northgate.example/live/"',
});

export const keyDateSchema = z
  .object({
    kind: z
      .enum(keyDateKinds, { error: `must be one of ${keyDateKinds.map((k) => `"${k}"`).join(', ')}` })
      .describe('What the date is, e.g. "add-drop-deadline"'),
    date: day.describe('The day it falls on, or the first day of a period, e.g. "2027-03-08"'),
    until: day
      .optional()
      .describe('The last day of a period such as a reading week or the examinations, e.g. "2027-03-12"'),
    label: z
      .string()
      .min(3)
      .max(120)
      .optional()
      .describe('Words to show instead of the usual ones for this kind, e.g. "Graduation service in the chapel"'),
  })
  .strict()
  .refine((k) => k.until === undefined || k.until >= k.date, {
    message: '`until` is before `date`: a period ends on or after the day it starts',
    path: ['until'],
  });

/** A term's key dates: each kind at most once, the required ones present, in order, matching the term's start and end. */
export function checkKeyDates(
  term: { starts: string; ends: string; keyDates: z.infer<typeof keyDateSchema>[] },
  ctx: z.RefinementCtx,
) {
  const seen = new Map<KeyDateKind, z.infer<typeof keyDateSchema>>();
  term.keyDates.forEach((k, i) => {
    if (seen.has(k.kind))
      ctx.addIssue({
        code: 'custom',
        path: ['keyDates', i, 'kind'],
        message: `"${k.kind}" appears twice in this term; keep one`,
      });
    seen.set(k.kind, k);
  });
  for (const kind of requiredKeyDates) {
    if (!seen.has(kind))
      ctx.addIssue({
        code: 'custom',
        path: ['keyDates'],
        message: `this term has no "${kind}" key date (${keyDateLabels[kind]}); every term needs ${requiredKeyDates.join(', ')}`,
      });
  }
  const begins = seen.get('classes-begin');
  if (begins && begins.date !== term.starts) {
    ctx.addIssue({
      code: 'custom',
      path: ['keyDates', term.keyDates.indexOf(begins), 'date'],
      message: `classes begin on ${begins.date} but the term "starts" on ${term.starts}: make the two the same day`,
    });
  }
  const ends = seen.get('term-ends');
  if (ends && ends.date !== term.ends) {
    ctx.addIssue({
      code: 'custom',
      path: ['keyDates', term.keyDates.indexOf(ends), 'date'],
      message: `the term ends on ${ends.date} here but "ends" says ${term.ends}: make the two the same day`,
    });
  }
  term.keyDates.forEach((k, i) => {
    if (k.kind !== 'graduation' && (k.date < term.starts || (k.until ?? k.date) > term.ends)) {
      ctx.addIssue({
        code: 'custom',
        path: ['keyDates', i, 'date'],
        message: `"${k.kind}" falls outside the term (${term.starts} to ${term.ends}); only graduation may come after the term ends`,
      });
    }
  });
}

export const eventSchema = z
  .object({
    id: slug.describe(
      'Stable id of the event: its calendar UID and archive anchor; never reuse one, e.g. "open-day-2027-03"',
    ),
    title: z.string().min(3).max(120).describe('What the event is called, e.g. "Open day for Fall 2027 applicants"'),
    kind: z
      .enum(eventKinds, { error: `must be one of ${eventKinds.map((k) => `"${k}"`).join(', ')}` })
      .describe('Kind of event, which decides its calendar feed, e.g. "lecture"'),
    start: localDateTime.describe(`When it starts, wall-clock time in the event's time zone, e.g. "2027-02-25T19:00"`),
    end: localDateTime.describe('When it ends, e.g. "2027-02-25T20:30"'),
    timeZone: z
      .string()
      .refine(
        isTimeZone,
        'not a time zone this server knows: use an IANA name, e.g. "Europe/London" or "America/Toronto"',
      )
      .default(INSTITUTE_TIME_ZONE)
      .describe(`Time zone of start and end, if not the institute's (${INSTITUTE_TIME_ZONE}), e.g. "America/Toronto"`),
    place: z.string().min(2).max(120).optional().describe('Where on campus, e.g. "Chapel, Harrow Vale"'),
    online: webLink
      .optional()
      .describe('Where to join online (a stream or a video call), e.g. "https://northgate.example/live/"'),
    summary: z
      .string()
      .min(20)
      .max(300)
      .describe(
        'One or two sentences for the events page, feeds and search, e.g. "Sample classes, a campus tour and a talk about fees."',
      ),
    booking: z
      .union([
        webLink,
        z
          .string()
          .regex(/^mailto:[^@\s]+@[^@\s]+$/, 'a booking address is "mailto:someone@example.org" or an https:// link'),
      ])
      .optional()
      .describe('Where to book a place, if booking is needed, e.g. "mailto:admissions@northgate.example"'),
  })
  .strict()
  .refine((e) => e.place !== undefined || e.online !== undefined, {
    message: 'say where the event happens: give a `place`, an `online` link, or both',
    path: ['place'],
  })
  .refine((e) => e.end > e.start, {
    message: '`end` must be after `start` (same "YYYY-MM-DDTHH:mm" format, same time zone)',
    path: ['end'],
  });

export type KeyDate = z.infer<typeof keyDateSchema>;
export type EventData = z.infer<typeof eventSchema>;
