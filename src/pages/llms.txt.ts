import type { APIRoute } from 'astro';
import { courseUrl, getCatalog, handbookUrl, pageUrl, programUrl } from '../lib/content/catalog.ts';
import { handbookSectionNames } from '../lib/content/handbook-sections.ts';
import { markdownUrl } from '../lib/site/twin-path.ts';
import { llmsTxt } from '../lib/discovery/llms-txt.ts';
import { mcpLimitText } from '../lib/limits/policies.ts';
import { SITE_NAME } from '../lib/site.ts';
import { partialFeeds } from '../lib/catalog/feeds.ts';
import { feedPath, feedTitle } from '../lib/catalog/ical.ts';

/** /llms.txt, built from the content collections at build time: every public page's Markdown twin, by section. */
export const GET = (async () => {
  const { courses, programs, handbook, pages } = await getCatalog();
  const home = pages.find((p) => p.id === 'home');
  const sectionOrder = Object.keys(handbookSectionNames);
  const handbookInOrder = [...handbook].sort(
    (a, b) =>
      sectionOrder.indexOf(a.data.section) - sectionOrder.indexOf(b.data.section) || a.data.order - b.data.order,
  );
  const body = llmsTxt({
    name: SITE_NAME,
    summary: `${home?.data.summary ?? SITE_NAME} Every page of this site is also available as Markdown: request it with \`Accept: text/markdown\`, or add \`.md\` to its path (\`/courses/bib201.md\`; the homepage is \`/index.md\`). The links below point to those Markdown versions.`,
    details: [
      'Everything listed here is public. The API section links the guide to the JSON API and its OpenAPI document. Every page below in one document: [/llms-full.txt](/llms-full.txt).',
    ],
    sections: [
      {
        name: 'Programs',
        links: [
          {
            title: 'All programs',
            url: markdownUrl('/programs/'),
            description: "Certificates, diplomas, bachelor's and master's degrees, by award",
          },
          ...programs.map((p) => ({
            title: p.data.title,
            url: markdownUrl(programUrl(p)),
            description: p.data.summary,
          })),
        ],
      },
      {
        name: 'Courses',
        links: [
          {
            title: 'Course catalog',
            url: markdownUrl('/courses/'),
            description: 'Every course by department, with credits, level and delivery',
          },
          ...courses.map((c) => ({
            title: `${c.data.code}: ${c.data.title}`,
            url: markdownUrl(courseUrl(c.data.code)),
            description: c.data.summary,
          })),
        ],
      },
      {
        name: 'Handbook',
        links: [
          {
            title: 'Student handbook',
            url: markdownUrl('/handbook/'),
            description: 'Contents of the handbook, by section',
          },
          ...handbookInOrder.map((h) => ({
            title: h.data.title,
            url: markdownUrl(handbookUrl(h)),
            description: `${handbookSectionNames[h.data.section]}: ${h.data.summary}`,
          })),
        ],
      },
      {
        name: 'About',
        links: [...pages]
          .sort((a, b) => (a.id === 'home' ? -1 : b.id === 'home' ? 1 : a.data.title.localeCompare(b.data.title)))
          .map((p) => ({
            title: p.id === 'home' ? 'Home' : p.data.title,
            url: markdownUrl(pageUrl(p)),
            description: p.data.summary,
          }))
          .concat([
            {
              title: 'Newsletter',
              url: markdownUrl('/newsletter/'),
              description: 'Subscribe to news of courses, open days and events, by topic',
            },
            {
              title: 'Course registration',
              url: markdownUrl('/register/'),
              description: "Returning students register for next term's courses online",
            },
          ]),
      },
      {
        name: 'Calendar',
        links: [
          {
            title: 'Past events',
            url: markdownUrl('/events/archive/'),
            description: 'Events Northgate has held, most recent first (the events page lists those to come)',
          },
          {
            title: 'Calendar feed',
            url: '/calendar.ics',
            description: 'Every key date and event as iCalendar (RFC 5545); subscribe with webcal://',
          },
          {
            title: 'Key dates feed',
            url: '/calendar/key-dates.ics',
            description: 'The key dates of every term, as all-day iCalendar entries',
          },
          ...partialFeeds
            .filter((f) => f !== 'key-dates')
            .map((f) => ({
              title: `${feedTitle(f).replace(/^.*: /, '')} feed`,
              url: feedPath(f),
              description: `Only the ${f} events, as iCalendar`,
            })),
        ],
      },
      {
        name: 'API',
        links: [
          {
            title: 'Developer guide',
            url: '/developers.md',
            description: 'How to use the public HTTP API, with runnable examples',
          },
          {
            title: 'OpenAPI description',
            url: '/openapi.json',
            description: 'OpenAPI 3.1 document of every API route, its inputs, answers and errors',
          },
          {
            title: 'MCP server card',
            url: '/.well-known/mcp/server-card.json',
            description: `The MCP server at /mcp and its tools. ${mcpLimitText()}`,
          },
          {
            title: 'Courses as JSON',
            url: '/api/courses',
            description:
              'The course catalog; filters department, level, delivery, term, registrationOpen, credits, q; one course at /api/courses/{code}',
          },
          {
            title: 'Terms as JSON',
            url: '/api/terms',
            description: 'The academic terms with their key dates and whether registration is open',
          },
          {
            title: 'Events as JSON',
            url: '/api/events',
            description: 'Events still to come at the time of the request, or from/to/kind',
          },
        ],
      },
    ],
  });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}) satisfies APIRoute;
