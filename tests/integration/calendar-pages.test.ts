import { describe, expect, it } from 'vitest';
import { endOf, events, terms } from '../helpers/catalog-data.ts';
import { useServer } from '../helpers/server.ts';

// The clock stands on the day after the Ashby Lecture (5 November 2026): no rebuild, only the clock moved.
const NOW = new Date('2026-11-06T09:00:00Z');
const server = useServer({ CLOCK_NOW: NOW.toISOString() });

const upcoming = events.filter((e) => endOf(e) > NOW);
const past = events.filter((e) => endOf(e) <= NOW);
const text = async (path: string, accept?: string) => {
  const res = await fetch(`${server.url}${path}`, accept ? { headers: { Accept: accept } } : {});
  expect(res.status, path).toBe(200);
  return { res, body: await res.text() };
};

describe('the events page, prerendered and right on the day it is read', () => {
  it('lists every event still to come and none that is over, in page and structured data', async () => {
    const { res, body } = await text('/events/');
    // Served as a built page (ETag, revalidated), not as a page rendered per request.
    expect(res.headers.get('etag')).toBeTruthy();
    expect(body).not.toContain('<!--dated');
    const structured = [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]!) as { '@type': string; name: string })
      .filter((item) => item['@type'] === 'Event');
    expect(structured.map((e) => e.name).sort()).toEqual(upcoming.map((e) => e.title).sort());
    expect(res.headers.get('link')).toContain('</events.md>; rel="alternate"');
    for (const e of upcoming) expect(body).toContain(`id="${e.id}"`);
    for (const e of past) expect(body).not.toContain(`id="${e.id}"`);
    expect(past.map((e) => e.id)).toContain('ashby-lecture-2026');
  });

  it('has a Markdown twin, by URL and by Accept, with the same events', async () => {
    for (const { body } of [await text('/events.md'), await text('/events/', 'text/markdown')]) {
      expect(body).toMatch(/^---\ntitle: "Events"/);
      for (const e of upcoming) expect(body).toContain(`### ${e.title}\n`);
      for (const e of past) expect(body).not.toContain(`### ${e.title}\n`);
    }
  });

  it('moves past events to the archive, most recent first, page and twin', async () => {
    const { body } = await text('/events/archive/');
    const ids = [...body.matchAll(/<li class="card event" id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(past.map((e) => e.id).reverse());
    const twin = (await text('/events/archive.md')).body;
    for (const e of past) expect(twin).toContain(`## ${e.title}\n`);
    for (const e of upcoming) expect(twin).not.toContain(`## ${e.title}\n`);
  });
});

describe("an event's lasting address, for the feeds' links", () => {
  it('sends a visitor to the events page while the event is to come, and to the archive once it is over', async () => {
    for (const [e, page] of [
      [upcoming[0]!, '/events/'],
      [past[0]!, '/events/archive/'],
    ] as const) {
      const res = await fetch(`${server.url}/events/${e.id}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${page}#${e.id}`);
    }
    const unknown = await fetch(`${server.url}/events/no-such-event`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<h1');
  });
});

describe('the search finds an event by its name, on the day', () => {
  const results = async (q: string) => {
    const res = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: { url: string; title: string }[] }).results;
  };

  it('finds an event to come on the events page, first, though the index cannot hold its dated card', async () => {
    expect(upcoming.map((e) => e.id)).toContain('hymn-festival-2027');
    expect((await results('hymn festival'))[0]?.url).toBe('/events/');
  });

  it('finds an event held in the archive, after the events page that describes the series', async () => {
    const found = await results('ashby lecture');
    expect(found.slice(0, 2).map((r) => r.url)).toEqual(['/events/', '/events/archive/']);
    expect(found[1]?.title).toBe('Past events');
    expect((await text('/events/archive/')).body).toContain('id="ashby-lecture-2026"');
  });
});

describe('key dates and the academic calendar, from the data', () => {
  it('lists every key date of every term', async () => {
    const { body } = await text('/handbook/key-dates/');
    for (const t of terms) for (const k of t.keyDates) expect(body).toContain(`id="${t.id}-${k.kind}"`);
  });

  it('lists every term and whether its registration is open', async () => {
    const { body } = await text('/handbook/academic-calendar/');
    for (const t of terms) {
      const card = body.slice(body.indexOf(`id="${t.id}"`), body.indexOf('</li>', body.indexOf(`id="${t.id}"`)));
      expect(card).toContain(t.name);
      expect(card).toContain(t.registrationOpen ? 'open' : 'closed');
    }
  });
});
