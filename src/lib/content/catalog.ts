/**
 * The site's content, loaded and cross-checked once. Pages, twins, llms.txt and the API all read it from here,
 * so a broken reference, or a program plan the course data contradicts, fails the build before any page is written.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { findBrokenReferences } from './cross-references.ts';
import { findPlanConflicts } from './program-plans.ts';
import { contentUrl } from './content-urls.ts';

export type ProgramEntry = CollectionEntry<'programs'>;
export type HandbookEntry = CollectionEntry<'handbook'>;
export type PageEntry = CollectionEntry<'pages'>;

const byTitle = (a: { data: { title: string } }, b: { data: { title: string } }) =>
  a.data.title.localeCompare(b.data.title);

/**
 * Drafts (`draft: true`) are part of `astro dev` and of no production build: filtered here, before anything reads
 * the catalog, no page, twin, sitemap entry, search record, llms.txt line, chat source or MCP page exists for one.
 */
const published = ({ data }: { data: { draft: boolean } }) => !import.meta.env.PROD || !data.draft;

async function loadCatalog() {
  const [courses, programs, handbook, pages, departments, terms, topics] = await Promise.all([
    getCollection('courses', published),
    getCollection('programs', published),
    getCollection('handbook', published),
    getCollection('pages', published),
    getCollection('departments'),
    getCollection('terms'),
    getCollection('topics'),
  ]);
  const problems = [
    ...findBrokenReferences(
      courses.map((c) => ({ file: c.filePath ?? c.id, code: c.data.code, prerequisites: c.data.prerequisites })),
      programs.map((p) => ({
        file: p.filePath ?? p.id,
        requiredCourses: p.data.requiredCourses,
        electiveCourses: p.data.electiveCourses,
      })),
    ),
    ...findPlanConflicts(
      courses.map((c) => c.data),
      programs.map((p) => ({ file: p.filePath ?? p.id, ...p.data, body: p.body ?? '' })),
    ),
  ];
  if (problems.length > 0) {
    const known = courses
      .map((c) => c.data.code)
      .sort()
      .join(', ');
    throw new Error(
      `Broken cross references or contradictions in the content (${problems.length}):\n  - ${problems.join('\n  - ')}\nKnown course codes: ${known}`,
    );
  }
  courses.sort((a, b) => a.data.code.localeCompare(b.data.code));
  programs.sort(byTitle);
  handbook.sort((a, b) => a.data.order - b.data.order || byTitle(a, b));
  const courseByCode = new Map(courses.map((c) => [c.data.code, c]));
  return {
    courses,
    programs,
    handbook,
    pages,
    courseByCode,
    departments: departments.map((d) => d.data),
    terms: terms.map((t) => t.data),
    topics: topics.map((t) => t.data),
  };
}

let catalog: ReturnType<typeof loadCatalog> | undefined;

/** The whole catalog; loaded on first use and shared by every caller. */
export function getCatalog() {
  catalog ??= loadCatalog();
  return catalog;
}

export const courseUrl = (code: string) => `/courses/${code.toLowerCase()}/`;
export const programUrl = (entry: ProgramEntry) => contentUrl('programs', entry.id);
export const handbookUrl = (entry: HandbookEntry) => contentUrl('handbook', entry.id);
export const pageUrl = (entry: PageEntry) => contentUrl('pages', entry.id);
