import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import eventsJson from '../../src/content/events.json' with { type: 'json' };
import termsJson from '../../src/content/terms.json' with { type: 'json' };
import { INSTITUTE } from '../../src/lib/institute.ts';
import { toCalendarEvent, toCatalogCourse, toCatalogTerm, type CatalogCourse } from '../../src/lib/catalog/model.ts';
import { breadcrumbList, crumbsFor } from '../../src/lib/structured-data/breadcrumbs.ts';
import { courseJsonLd, courseWorkload } from '../../src/lib/structured-data/course.ts';
import { eventJsonLd } from '../../src/lib/structured-data/event.ts';
import { institution, webSite } from '../../src/lib/structured-data/institution.ts';
import { jsonLdScript } from '../../src/lib/structured-data/json-ld.ts';
import { fullTimeDuration, programJsonLd } from '../../src/lib/structured-data/program.ts';
import { eventSchema } from '../../src/schemas/calendar.ts';
import { courseSchema, programSchema, termSchema } from '../../src/schemas/content.ts';

const origin = 'https://northgate.example';
const terms = termsJson.map((t) => toCatalogTerm(termSchema.parse(t)));
const termOrder = terms.map((t) => t.id);
const course = (code: string, over: Record<string, unknown> = {}): CatalogCourse =>
  toCatalogCourse(
    courseSchema.parse({
      code,
      title: `Course ${code}`,
      summary: 'A course summary that is long enough.',
      department: 'biblical-studies',
      credits: 3,
      level: 'introductory',
      delivery: 'hybrid',
      terms: ['2027-spring', '2027-fall'],
      instructors: ['Dr. Ada Lovelace'],
      ...over,
    }),
    termOrder,
  );
// What the builders return, read as plain JSON (as a search engine reads it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read back, asserted on field by field
const asJson = (item: unknown) => JSON.parse(jsonLdScript(item as never)) as Record<string, any>;

describe('JSON-LD script text', () => {
  it('keeps a title containing </script> inert: no "<" in the text, the same string once parsed', () => {
    const title = 'Greek </script><script>alert(1)</script> <!-- & more';
    const text = jsonLdScript({ '@type': 'Course', name: title });
    expect(text).not.toMatch(/[<>&]/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ '@context': 'https://schema.org', '@type': 'Course', name: title });
  });
});

describe('the institute', () => {
  it('says what the contact page says: name, street, town, postcode, telephone', () => {
    const contact = readFileSync('src/content/pages/contact.mdx', 'utf8');
    for (const fact of [
      INSTITUTE.name,
      INSTITUTE.address.streetAddress,
      `${INSTITUTE.address.addressLocality} ${INSTITUTE.address.postalCode}`,
      INSTITUTE.telephone,
      INSTITUTE.email,
    ]) {
      expect(contact).toContain(fact);
    }
  });

  it('is a CollegeOrUniversity with name, URL, logo, address and telephone; the site searches at /search/?q=', () => {
    const org = asJson(institution(origin));
    expect(org).toMatchObject({
      '@type': 'CollegeOrUniversity',
      name: INSTITUTE.name,
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
      telephone: INSTITUTE.telephone,
    });
    expect(org.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: '1 College Hill',
      postalCode: 'HV2 4NG',
    });
    expect(asJson(webSite(origin)).potentialAction.target.urlTemplate).toBe(`${origin}/search/?q={search_term_string}`);
  });
});

describe('breadcrumbs', () => {
  it('trail a nested page through its section, and leave top-level pages alone', () => {
    expect(crumbsFor('/about/', 'About')).toEqual([]);
    expect(crumbsFor('/', 'Home')).toEqual([]);
    const crumbs = crumbsFor('/courses/bib201/', 'BIB201: Biblical Greek I');
    expect(crumbs).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Courses', path: '/courses/' },
      { name: 'BIB201: Biblical Greek I', path: '/courses/bib201/' },
    ]);
    expect(
      asJson(breadcrumbList(crumbs, origin)).itemListElement.map((i: { position: number; item: string }) => [
        i.position,
        i.item,
      ]),
    ).toEqual([
      [1, `${origin}/`],
      [2, `${origin}/courses/`],
      [3, `${origin}/courses/bib201/`],
    ]);
  });
});

describe('Course and CourseInstance (course rich results: required and recommended)', () => {
  const prereq = course('BIB101');
  const bib201 = course('BIB201', { prerequisites: ['BIB101'] });
  const runs = terms.filter((t) => bib201.terms.includes(t.id));
  const data = asJson(courseJsonLd(bib201, runs, origin, [prereq]));

  it('has name, description, provider, offers with a category, and the recommended prerequisites and language', () => {
    expect(data['@type']).toBe('Course');
    expect(data.name).toBe('BIB201: Course BIB201');
    expect(data.description).toBe(bib201.summary);
    expect(data.provider).toMatchObject({ '@type': 'CollegeOrUniversity', name: INSTITUTE.name });
    expect(data.offers[0].category).toBe('Paid');
    expect(data.coursePrerequisites[0]).toMatchObject({ '@type': 'Course', courseCode: 'BIB101' });
    expect(data.inLanguage).toBe('en');
  });

  it('has one CourseInstance per term with courseMode, a schedule and workload, dates, instructor and location', () => {
    expect(data.hasCourseInstance).toHaveLength(2);
    const [spring] = data.hasCourseInstance;
    const term = runs[0]!;
    expect(spring).toMatchObject({
      '@type': 'CourseInstance',
      courseMode: 'Blended',
      startDate: term.starts,
      endDate: term.ends,
    });
    expect(spring.courseSchedule).toMatchObject({
      '@type': 'Schedule',
      startDate: term.starts,
      endDate: term.ends,
      repeatFrequency: 'P1W',
    });
    expect(spring.courseWorkload).toMatch(/^PT\d+H$/);
    expect(spring.instructor).toEqual([{ '@type': 'Person', name: 'Dr. Ada Lovelace' }]);
    expect(spring.location.map((l: { '@type': string }) => l['@type'])).toEqual(['Place', 'VirtualLocation']);
    expect(
      asJson(courseJsonLd(course('X', { code: 'ONL100', delivery: 'online' }), runs, origin)).hasCourseInstance[0]
        .courseMode,
    ).toBe('Online');
  });

  it('counts one contact hour per credit per teaching week', () => {
    expect(courseWorkload(3, { starts: '2027-01-18', ends: '2027-05-07' })).toBe('PT48H');
  });
});

describe('EducationalOccupationalProgram', () => {
  const program = programSchema.parse({
    title: 'Diploma in Biblical Languages',
    summary: 'Two years of Greek and Hebrew, with reading and exegesis.',
    award: 'diploma',
    duration: '2 years full-time, 4 years part-time',
    delivery: 'online',
    requiredCourses: ['BIB101'],
    electiveCourses: ['BIB201'],
  });
  const data = asJson(programJsonLd(program, '/programs/diploma/', [course('BIB101'), course('BIB201')], origin));

  it('has its length, credential, prerequisites, provider and its courses as parts', () => {
    expect(data).toMatchObject({
      '@type': 'EducationalOccupationalProgram',
      name: program.title,
      description: program.summary,
      timeToComplete: 'P2Y',
    });
    expect(data.educationalCredentialAwarded).toMatchObject({
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: 'diploma',
    });
    expect(data.programPrerequisites.url).toBe(`${origin}/handbook/entry-requirements/`);
    expect(data.provider.name).toBe(INSTITUTE.name);
    expect(data.hasCourse.map((c: { courseCode: string }) => c.courseCode)).toEqual(['BIB101', 'BIB201']);
  });

  it('reads the full-time length as an ISO 8601 duration', () => {
    expect(fullTimeDuration('1 year full-time, 2 years part-time')).toBe('P1Y');
    expect(fullTimeDuration('18 months')).toBe('P18M');
    expect(fullTimeDuration('as long as it takes')).toBeUndefined();
  });
});

describe('Event (event rich results: required and recommended)', () => {
  const events = eventsJson.map((e) => toCalendarEvent(eventSchema.parse(e)));

  it('has name, start and end, location with an address or URL, attendance mode, status, description, organizer', () => {
    for (const event of events) {
      const data = asJson(eventJsonLd(event, '/events/', origin));
      expect(data).toMatchObject({
        '@type': 'Event',
        name: event.title,
        description: event.summary,
        eventStatus: 'https://schema.org/EventScheduled',
      });
      expect(new Date(data.startDate).getTime()).toBe(event.start.getTime());
      expect(new Date(data.endDate).getTime()).toBe(event.end.getTime());
      expect(data.organizer.name).toBe(INSTITUTE.name);
      const kinds = data.location.map((l: { '@type': string }) => l['@type']);
      const mode = event.place && event.online ? 'Mixed' : event.online ? 'Online' : 'Offline';
      expect(data.eventAttendanceMode).toBe(`https://schema.org/${mode}EventAttendanceMode`);
      expect(kinds).toEqual([...(event.place ? ['Place'] : []), ...(event.online ? ['VirtualLocation'] : [])]);
      for (const place of data.location.filter((l: { '@type': string }) => l['@type'] === 'Place'))
        expect(place.address.streetAddress).toBeTruthy();
    }
  });
});

describe('/llms-full.txt', async () => {
  const { llmsFull, twinUrlsOf } = await import('../../src/lib/discovery/llms-full.ts');
  const llms =
    '# Site\n\n> Sum.\n\n## A\n\n- [One](/one.md): first\n- [Feed](/calendar.ics): not a twin\n- [Live](/live.md): per request\n\n## B\n\n- [Two](/two.md): second\n- [One again](/one.md): repeat\n';
  const twins: Record<string, string> = { '/one.md': '# One\n\nÉtude.\n', '/two.md': '# Two\n' };

  it('has every twin once, in llms.txt order, after a size line that tells the truth', () => {
    expect(twinUrlsOf(llms)).toEqual(['/one.md', '/live.md', '/two.md']);
    const full = llmsFull('Site', llms, (url) => twins[url]);
    const [head, body] = [full.slice(0, full.indexOf('<!--')), full.slice(full.indexOf('<!--'))];
    const bytes = Buffer.byteLength(body, 'utf8');
    expect(head).toContain(`Size: 2 pages, ${bytes} bytes, about ${Math.ceil(bytes / 4)} tokens`);
    expect(head).toContain('not here: /live.md');
    expect(body.indexOf('<!-- /one.md -->')).toBeLessThan(body.indexOf('<!-- /two.md -->'));
    expect(body).toContain('Étude.');
  });
});
