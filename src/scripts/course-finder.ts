/**
 * The course finder on /courses/: shows the filters (hidden without JavaScript, when every course is simply
 * listed), hides the cards that do not match, with the rule GET /api/courses uses (course-filter.ts), and keeps
 * the filters in the address bar: a link shares them, and the back button steps through them.
 */
import { matchesCourse, type CourseFilter, type FilterableCourse } from '../lib/catalog/course-filter.ts';

interface FinderData {
  openTerms: string[];
  courses: FilterableCourse[];
}

/** The URL's query parameters the finder reads and writes, in the order they are written. */
const FIELDS = ['q', 'department', 'level', 'delivery', 'term', 'credits', 'registrationOpen'] as const;

export function startCourseFinder() {
  const form = document.getElementById('course-finder') as HTMLFormElement | null;
  const status = document.getElementById('finder-status');
  const none = document.getElementById('finder-none');
  const dataElement = document.getElementById('course-finder-data');
  if (!form || !status || !none || !dataElement) return;
  const data = JSON.parse(dataElement.textContent ?? '{}') as FinderData;
  const openTerms = new Set(data.openTerms);
  const cards = new Map(
    [...document.querySelectorAll<HTMLElement>('[data-code]')].map((card) => [card.dataset.code!, card]),
  );
  const sections = [...document.querySelectorAll<HTMLElement>('[data-department-section]')];
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;

  /** The filter a query string describes; unknown values are kept, and simply match nothing. */
  const filterOf = (params: URLSearchParams): CourseFilter => {
    const credits = Number(params.get('credits'));
    return {
      ...(params.get('q') ? { q: params.get('q')! } : {}),
      ...(params.get('department') ? { department: params.get('department')! } : {}),
      ...(params.get('level') ? { level: params.get('level') as CourseFilter['level'] } : {}),
      ...(params.get('delivery') ? { delivery: params.get('delivery') as CourseFilter['delivery'] } : {}),
      ...(params.get('term') ? { term: params.get('term')! } : {}),
      ...(params.get('credits') && Number.isInteger(credits) ? { credits } : {}),
      ...(params.get('registrationOpen') === 'true' ? { registrationOpen: true } : {}),
    };
  };

  /** The form's state as a query string: only the filters set. */
  const paramsOfForm = () => {
    const params = new URLSearchParams();
    for (const name of FIELDS) {
      const c = control(name);
      const value = c instanceof HTMLInputElement && c.type === 'checkbox' ? (c.checked ? 'true' : '') : c.value.trim();
      if (value) params.set(name, value);
    }
    return params;
  };

  /** Sets the controls from a query string (a shared link, or the back button). */
  const fillForm = (params: URLSearchParams) => {
    for (const name of FIELDS) {
      const c = control(name);
      if (c instanceof HTMLInputElement && c.type === 'checkbox') c.checked = params.get(name) === 'true';
      else c.value = params.get(name) ?? '';
    }
  };

  const show = (params: URLSearchParams) => {
    const filter = filterOf(params);
    let shown = 0;
    for (const course of data.courses) {
      const match = matchesCourse(course, filter, openTerms);
      const card = cards.get(course.code);
      if (card) card.hidden = !match;
      if (match) shown++;
    }
    for (const section of sections) section.hidden = !section.querySelector('[data-code]:not([hidden])');
    none.hidden = shown > 0;
    const filtered = Object.keys(filter).length > 0;
    status.textContent = filtered
      ? `${shown} of ${data.courses.length} courses match.`
      : `All ${data.courses.length} courses.`;
  };

  let typing: ReturnType<typeof setTimeout> | undefined;
  /** Applies the form and records it: a new history entry per choice, one per pause while typing. */
  const apply = (replace: boolean) => {
    const params = paramsOfForm();
    const query = params.toString();
    const url = `${location.pathname}${query ? `?${query}` : ''}`;
    if (url !== `${location.pathname}${location.search}`) {
      if (replace) history.replaceState(null, '', url);
      else history.pushState(null, '', url);
    }
    show(params);
  };

  let typedSincePush = false;
  form.addEventListener('change', (e) => {
    if ((e.target as HTMLElement).id === 'finder-q') return;
    typedSincePush = false;
    apply(false);
  });
  form.addEventListener('input', (e) => {
    if ((e.target as HTMLElement).id !== 'finder-q') return;
    clearTimeout(typing);
    // The first pause starts a history entry; further typing updates it, so back undoes the whole search.
    typing = setTimeout(() => {
      apply(typedSincePush);
      typedSincePush = true;
    }, 200);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply(false);
  });
  form.addEventListener('reset', () =>
    setTimeout(() => {
      typedSincePush = false;
      apply(false);
    }),
  );
  window.addEventListener('popstate', () => {
    const params = new URLSearchParams(location.search);
    fillForm(params);
    show(params);
  });

  form.hidden = false;
  const initial = new URLSearchParams(location.search);
  fillForm(initial);
  show(initial);
}
