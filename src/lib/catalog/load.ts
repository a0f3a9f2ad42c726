/**
 * The catalog built from the content collections, once per process: courses (without drafts in production, via
 * the site's content loader), terms with their key dates, events and departments.
 */
import { getCollection } from 'astro:content';
import { getCatalog } from '../content/catalog.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { toCalendarEvent, toCatalogCourse, toCatalogTerm } from './model.ts';

let catalog: Promise<Catalog> | undefined;

/** The catalog and calendar; loaded on first use and shared by every caller. */
export function getCourseCatalog(): Promise<Catalog> {
  catalog ??= (async () => {
    const [content, events] = await Promise.all([getCatalog(), getCollection('events')]);
    const termOrder = [...content.terms].sort((a, b) => a.starts.localeCompare(b.starts)).map((t) => t.id);
    return createCatalog({
      courses: content.courses.map((c) => toCatalogCourse(c.data, termOrder)),
      terms: content.terms.map(toCatalogTerm),
      events: events.map((e) => toCalendarEvent(e.data)),
      departments: content.departments,
    });
  })();
  return catalog;
}
