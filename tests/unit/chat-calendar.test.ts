import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import departments from '../../src/content/departments.json' with { type: 'json' };
import eventsJson from '../../src/content/events.json' with { type: 'json' };
import termsJson from '../../src/content/terms.json' with { type: 'json' };
import { createCatalog } from '../../src/lib/catalog/catalog.ts';
import { toCalendarEvent, toCatalogTerm } from '../../src/lib/catalog/model.ts';
import { answerChat } from '../../src/lib/chat/answer.ts';
import { asksAboutDates, calendarAnchor, calendarContextPage } from '../../src/lib/chat/calendar.ts';
import { askedStems } from '../../src/lib/chat/citation.ts';
import { eventSchema } from '../../src/schemas/calendar.ts';
import { termSchema } from '../../src/schemas/content.ts';
import { answerParts, mockModel } from '../helpers/mock-model.ts';

const catalog = createCatalog({
  courses: [],
  departments,
  terms: termsJson.map((t) => toCatalogTerm(termSchema.parse(t))),
  events: eventsJson.map((e) => toCalendarEvent(eventSchema.parse(e))),
});
// The day after the October open day: the next one is in March.
const now = new Date('2026-10-18T10:00:00Z');
const options = {
  search: async () => ({ results: [] }),
  origin: 'https://northgate.example',
  signal: new AbortController().signal,
  firstTokenTimeoutMs: 5000,
  maxOutputTokens: 1024,
  maxStreams: 32,
  twinRoot: mkdtempSync(join(tmpdir(), 'chat-calendar-')),
  calendar: async () => calendarContextPage(catalog, now),
};
const ask = (text: string) => ({
  messages: [{ id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text }] }],
});

describe('the chat knows the date', () => {
  it('answers "When is the next open day?" from today\'s calendar: the next open day, not the one just past', async () => {
    const model = mockModel(answerParts('On Saturday 13 March 2027.'));
    const answer = await answerChat(ask('When is the next open day?'), { ...options, model });
    const system = String(model.doStreamCalls[0]!.prompt[0]!.content);
    expect(system).toContain('Today is Sunday 18 October 2026');
    expect(system).toContain('Open day for Fall 2027 applicants (open days): Saturday 13 March 2027, 10:00–16:00');
    expect(system).not.toContain('Open day for Spring and Fall 2027 applicants');
    // Cited at the open day asked about: the soonest of those listed.
    expect(answer.sources).toEqual([
      { url: 'https://northgate.example/events/#open-day-2027-03', title: 'Events and key dates, as of today' },
    ]);
    for await (const _ of answer.textStream) {
      /* drain: frees the answer's slot */
    }
  });

  it('leaves the calendar out of questions that are not about dates', async () => {
    expect(asksAboutDates('Can I study Greek online?')).toBe(false);
    expect(asksAboutDates('What is the add/drop deadline?')).toBe(true);
    const model = mockModel(answerParts('Yes.'));
    const answer = await answerChat(ask('Can I study Greek online?'), { ...options, model });
    expect(String(model.doStreamCalls[0]!.prompt[0]!.content)).not.toContain('Today is');
    expect(answer.sources).toEqual([]);
    for await (const _ of answer.textStream) {
      /* drain */
    }
  });

  it('links a citation of the calendar to the event asked about, else to what is coming up', () => {
    const page = calendarContextPage(catalog, now);
    expect(page.events.map((e) => e.id)).toContain('ashby-lecture-2026');
    expect(calendarAnchor(page, askedStems('When is the Ashby Lecture this year?'))).toBe('#ashby-lecture-2026');
    expect(calendarAnchor(page, askedStems('When are the Advent carols?'))).toBe('#advent-carols-2026');
    // No event's name holds a word of it: the events page's list of the next events and key dates.
    expect(calendarAnchor(page, askedStems('When are the exams this term?'))).toBe('#coming-up');
  });

  it('lists the next key dates, none of them past', () => {
    const page = calendarContextPage(catalog, new Date('2026-11-07T12:00:00Z'));
    expect(page.text).not.toContain('Last day to withdraw with a grade of W: Friday 6 November 2026');
    expect(page.text).toContain('Fall 2026: Examination period: 14–18 December 2026');
  });
});
