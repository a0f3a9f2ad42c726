/**
 * Search as you type on /search/: asks /api/search, renders the results in place, keeps the address bar in step
 * (so the back button and shared links work) and lets arrow keys move between the box and the results.
 * Without this script the form still works: the server renders the results.
 */
export {}; // a module, so its names do not collide with globals such as window.status

interface Result {
  title: string;
  url: string;
  type: string;
  excerpt: string;
}
interface Answer {
  query: string;
  suggestion?: string;
  total: number;
  offset: number;
  results: Result[];
}

const PAGE_SIZE = 10;
/** Longer than this, a visitor would rather see the error and try again themselves. */
const MAX_RETRY_WAIT_S = 5;
const LABELS: Record<string, string> = { course: 'Course', program: 'Program', handbook: 'Handbook', page: 'Page' };

const form = document.getElementById('search-form') as HTMLFormElement | null;
const input = document.getElementById('search-q') as HTMLInputElement | null;
const typeSelect = document.getElementById('search-type') as HTMLSelectElement | null;
const status = document.getElementById('search-status');
const list = document.getElementById('search-results');
const pager = document.getElementById('search-pager');

if (form && input && typeSelect && status && list && pager) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const render = (answer: Answer) => {
    list.replaceChildren(
      ...answer.results.map((r) => {
        const li = document.createElement('li');
        const link = Object.assign(document.createElement('a'), { href: r.url, textContent: r.title });
        const kind = Object.assign(document.createElement('span'), {
          className: 'search-type',
          textContent: LABELS[r.type] ?? r.type,
        });
        const excerpt = document.createElement('p');
        excerpt.className = 'search-excerpt';
        // The API escapes everything in an excerpt except <mark> (contract), so it is safe as HTML.
        excerpt.innerHTML = r.excerpt;
        li.append(link, ' ', kind, excerpt);
        return li;
      }),
    );
    pager.replaceChildren();
    if (answer.total > PAGE_SIZE) {
      const next = new URLSearchParams(location.search);
      next.set('offset', String(PAGE_SIZE));
      pager.append(
        Object.assign(document.createElement('a'), {
          href: `/search/?${next}`,
          rel: 'next',
          textContent: 'More results',
        }),
      );
    }
    status.textContent =
      (answer.suggestion ? `Showing results for “${answer.suggestion}”. ` : '') +
      (answer.total === 0
        ? `No pages match “${answer.query}”.`
        : `${answer.total} ${answer.total === 1 ? 'page matches' : 'pages match'} “${answer.query}”` +
          (answer.total > PAGE_SIZE ? `, showing 1–${answer.results.length}.` : '.'));
  };

  // A followed result is counted for the staff insights page (docs/insights.md): the query as shown and the
  // result's rank, sent as a beacon so leaving the page does not cancel it. Nothing else is sent.
  list.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    const item = link?.closest('li');
    const query = new URLSearchParams(location.search).get('q')?.trim();
    if (!link || !item || !query || !navigator.sendBeacon) return;
    const offset = Number(new URLSearchParams(location.search).get('offset')) || 0;
    const rank = offset + [...list.children].indexOf(item) + 1;
    const body = new Blob([JSON.stringify({ query, rank })], { type: 'application/json' });
    navigator.sendBeacon('/api/search/clicks', body);
  });

  // A busy instance answers 503 with Retry-After (one second); the results come a moment later instead of an error.
  const fetchResults = async (params: URLSearchParams, signal: AbortSignal, retries = 1): Promise<Response> => {
    const res = await fetch(`/api/search?${params}`, { signal, headers: { Accept: 'application/json' } });
    const retryAfter = res.headers.get('Retry-After');
    const wait = Number(retryAfter);
    if (res.status !== 503 || retries === 0 || !retryAfter || !(wait >= 0 && wait <= MAX_RETRY_WAIT_S)) return res;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    signal.throwIfAborted();
    return fetchResults(params, signal, retries - 1);
  };

  const run = async () => {
    const q = input.value.trim();
    const params = new URLSearchParams({ q });
    if (typeSelect.value) params.set('type', typeSelect.value);
    history.replaceState(null, '', q ? `/search/?${params}` : '/search/');
    controller?.abort();
    if (!q) {
      list.replaceChildren();
      pager.replaceChildren();
      status.textContent = '';
      return;
    }
    controller = new AbortController();
    params.set('limit', String(PAGE_SIZE));
    try {
      const res = await fetchResults(params, controller.signal);
      const body = await res.json();
      if (!res.ok) {
        status.textContent = body?.error?.message ?? 'The search failed. Try again.';
        return;
      }
      render(body as Answer);
    } catch (err) {
      if ((err as Error).name !== 'AbortError')
        status.textContent = 'The search failed. Check your connection and try again.';
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, 150);
  };
  // The page imports this module after it has loaded, so a visitor on a slow connection may type or pick a filter
  // before it runs: search what the form holds now when it differs from what the server rendered.
  const rendered = new URLSearchParams(location.search);
  if (input.value.trim() !== (rendered.get('q') ?? '').trim() || typeSelect.value !== (rendered.get('type') ?? ''))
    void run();
  input.addEventListener('input', schedule);
  typeSelect.addEventListener('change', () => void run());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run();
  });

  // Arrow keys: from the box down into the results, between results, and back up to the box.
  const links = () => Array.from(list.querySelectorAll<HTMLAnchorElement>('li > a'));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && links().length > 0) {
      event.preventDefault();
      links()[0].focus();
    }
  });
  list.addEventListener('keydown', (event) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    if (event.key === 'ArrowDown' && index < all.length - 1) {
      event.preventDefault();
      all[index + 1].focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      (index === 0 ? input : all[index - 1]).focus();
    }
  });
}
