/**
 * Prerendered pages that say what comes next (the home page's "Coming up" and open day, a course's next start)
 * are right on the day they are read, with no rebuild: the clock moves, the same build answers differently.
 */
import { describe, expect, it } from 'vitest';
import { courses, endOf, events, terms } from '../helpers/catalog-data.ts';
import { useServer } from '../helpers/server.ts';

const DAY_AFTER_LECTURE = new Date('2026-11-06T09:00:00Z'); // the Ashby Lecture was on 5 November 2026
const DAY_AFTER_SPRING_STARTS = new Date('2027-01-19T09:00:00Z'); // Spring 2027 began on 18 January
const servers = [DAY_AFTER_LECTURE, DAY_AFTER_SPRING_STARTS].map((now) => ({
  now,
  server: useServer({ CLOCK_NOW: now.toISOString() }),
}));

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  expect(res.status, url).toBe(200);
  return { res, body: await res.text() };
};
const eventLink = (id: string) => `href="/events/#${id}"`;

describe.each(servers)('on $now', ({ now, server }) => {
  const upcoming = events.filter((e) => endOf(e) > now).sort((a, b) => a.start.localeCompare(b.start));
  const over = events.filter((e) => endOf(e) <= now);

  it('the home page lists the next three events, none that is over, and leads to the next open day', async () => {
    const { body } = await get(`${server.url}/`);
    expect(body).not.toContain('<!--dated');
    const comingUp = body.slice(
      body.indexOf('id="coming-up"'),
      body.indexOf('</section>', body.indexOf('id="coming-up"')),
    );
    for (const e of upcoming.slice(0, 3)) expect(comingUp).toContain(eventLink(e.id));
    for (const e of [...upcoming.slice(3), ...over]) expect(comingUp).not.toContain(eventLink(e.id));
    const openDay = upcoming.find((e) => e.kind === 'open-day')!;
    expect(body).toMatch(new RegExp(`${eventLink(openDay.id)}[^>]*>\\s*Visit an open day`));
    expect(body.match(/Visit an open day/g)).toHaveLength(1);
  });

  it("the home page's twin, by URL and by Accept, says the same", async () => {
    for (const { body } of [
      await get(`${server.url}/index.md`),
      await get(`${server.url}/`, { Accept: 'text/markdown' }),
    ]) {
      for (const e of upcoming.slice(0, 3)) expect(body).toContain(e.title);
      for (const e of over) expect(body).not.toContain(`[${e.title}]`);
      expect(body).not.toContain('<!--dated');
    }
  });

  it('a course page says the term it next starts in, page and twin', async () => {
    const course = courses.find((c) => c.code === 'BIB101')!;
    const today = now.toISOString().slice(0, 10);
    const next = terms.filter((t) => course.terms.includes(t.id)).find((t) => t.starts >= today)!;
    const { body: html } = await get(`${server.url}/courses/bib101/`);
    expect(html.match(/Next starts in <strong>([^<]+)<\/strong>/g)).toEqual([
      `Next starts in <strong>${next.name}</strong>`,
    ]);
    const { body: twin } = await get(`${server.url}/courses/bib101.md`);
    expect(twin.match(/Next starts in \*\*[^*]+\*\*/g)).toEqual([`Next starts in **${next.name}**`]);
  });

  it('compressed answers and revalidation follow the page as it reads today', async () => {
    const { res, body } = await get(`${server.url}/`, { 'Accept-Encoding': 'identity' });
    const etag = res.headers.get('etag')!;
    const br = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    // fetch decodes brotli itself; the ETag names the same content in its encoded form.
    expect(await br.text()).toBe(body);
    expect(br.headers.get('etag')).toBe(`${etag.slice(0, -1)}-br"`);
    const again = await fetch(`${server.url}/`, { headers: { 'If-None-Match': etag, 'Accept-Encoding': 'identity' } });
    expect(again.status).toBe(304);
  });
});

it('the two days answer the same URL differently, from one build', async () => {
  const [before, after] = await Promise.all(servers.map(({ server }) => get(`${server.url}/courses/bib101/`)));
  expect(before!.res.headers.get('etag')).not.toBe(after!.res.headers.get('etag'));
});
