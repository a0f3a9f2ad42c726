import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { endOf, events, terms } from '../helpers/catalog-data.ts';
import { useServer } from '../helpers/server.ts';

const server = useServer();
const kinds = [...new Set(events.map((e) => e.kind))];
const keyDates = terms.flatMap((t) =>
  t.keyDates.map((k) => ({ ...k, uid: `${t.id}-${k.kind}@calendar.northgate-institute`, term: t.name })),
);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A feed fetched from the server and parsed by ical.js, an independent RFC 5545 parser. */
async function feed(path: string) {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
  const body = await res.text();
  expect(
    body.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75),
    'lines folded at 75 octets',
  ).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(body));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return calendar.getAllSubcomponents('vevent').map((v) => {
    expect(v.getFirstPropertyValue('dtstamp'), 'DTSTAMP').toBeTruthy();
    return new ICAL.Event(v);
  });
}

const byUid = (list: ICAL.Event[]) => new Map(list.map((e) => [e.uid, e]));

function expectEvents(parsed: ICAL.Event[], expected: typeof events) {
  const found = byUid(parsed);
  for (const e of expected) {
    const got = found.get(`${e.id}@calendar.northgate-institute`);
    expect(got, e.id).toBeDefined();
    expect(got!.summary).toBe(e.title);
    // A lasting address: the feed outlives the event's place on the events page.
    expect(new URL(got!.component.getFirstPropertyValue('url') as string).pathname).toBe(`/events/${e.id}`);
    expect(got!.startDate.isDate).toBe(false);
    expect(got!.endDate.toJSDate().getTime()).toBe(endOf(e).getTime());
    expect(got!.endDate.toJSDate().getTime() - got!.startDate.toJSDate().getTime()).toBe(
      Date.parse(`${e.end}:00Z`) - Date.parse(`${e.start}:00Z`),
    );
  }
}

describe('calendar feeds, read by ical.js', () => {
  it('/calendar.ics carries every event and every key date, each UID once', async () => {
    const parsed = await feed('/calendar.ics');
    expect(parsed).toHaveLength(events.length + keyDates.length);
    expect(new Set(parsed.map((e) => e.uid)).size).toBe(parsed.length);
    expectEvents(parsed, events);
    const found = byUid(parsed);
    for (const k of keyDates) {
      const got = found.get(k.uid)!;
      expect(got, k.uid).toBeDefined();
      expect(got.startDate.isDate, `${k.uid} is all-day`).toBe(true);
      expect(got.startDate.toString()).toBe(k.date);
      expect(got.endDate.toString()).toBe(nextDay(k.until ?? k.date));
      expect(got.summary.startsWith(`${k.term}: `)).toBe(true);
    }
  });

  it.each(kinds)('/calendar/%s.ics carries the events of that kind only', async (kind) => {
    const parsed = await feed(`/calendar/${kind}.ics`);
    const expected = events.filter((e) => e.kind === kind);
    expect(parsed).toHaveLength(expected.length);
    expectEvents(parsed, expected);
  });

  it('/calendar/key-dates.ics carries the key dates only, all-day', async () => {
    const parsed = await feed('/calendar/key-dates.ics');
    expect(parsed.map((e) => e.uid).sort()).toEqual(keyDates.map((k) => k.uid).sort());
    expect(parsed.every((e) => e.startDate.isDate)).toBe(true);
  });

  it('is offered on the events and key-dates pages to subscribe (webcal:) and download', async () => {
    for (const [page, path] of [
      ['/events/', '/calendar.ics'],
      ['/handbook/key-dates/', '/calendar/key-dates.ics'],
    ]) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      expect(html, page).toMatch(new RegExp(`href="webcal://[^"]+${path.replace('.', '\\.')}"`));
      expect(html, page).toContain(`href="${path}" download`);
    }
  });
});
