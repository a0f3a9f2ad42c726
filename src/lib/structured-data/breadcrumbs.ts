/** BreadcrumbList for a nested page: Home, each section the path passes through, then the page itself. */
import type { BreadcrumbList } from 'schema-dts';

export interface Crumb {
  name: string;
  path: string;
}

/** What each first path segment's index page is called (its H1), so crumbs read like the navigation. */
const sectionNames: Record<string, string> = {
  courses: 'Courses',
  programs: 'Programs',
  handbook: 'Student handbook',
  events: 'Events',
  newsletter: 'Newsletter',
  staff: 'Staff',
};

/** The trail to `pathname`, or nothing for a page at the top level (/, /about/), which has no parent but Home. */
export function crumbsFor(pathname: string, title: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length < 2) return [];
  const trail: Crumb[] = [{ name: 'Home', path: '/' }];
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    trail.push({
      name: sectionNames[segment] ?? segment.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      path: `/${segments.slice(0, i + 1).join('/')}/`,
    });
  }
  trail.push({ name: title, path: pathname });
  return trail;
}

export function breadcrumbList(crumbs: Crumb[], origin: string): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: `${origin}${c.path}`,
    })),
  };
}
