/**
 * The pages rendered per request because what they list depends on the day (the events archive: what it lists
 * only grows, so dated regions would not keep it small), and where their twins are. live-twins.ts makes the twins; the server negotiates them (server/app.ts).
 */
import { markdownUrl } from './twin-path.ts';

/** Page URL → twin URL of every live page. */
export const livePages: ReadonlyMap<string, string> = new Map(
  ['/events/archive/'].map((url) => [url, markdownUrl(url)]),
);

/** The request paths of each live page (`/events`, `/events/`, `/events/index.html`) → its twin URL. */
export const liveTwinPaths: ReadonlyMap<string, string> = new Map(
  [...livePages].flatMap(([url, twin]) =>
    [url, url.slice(0, -1), `${url}index.html`].map((path) => [path, twin] as [string, string]),
  ),
);

/** True for a live page's path or twin, e.g. "/events/" or "/events.md". */
export const isLivePath = (path: string) => liveTwinPaths.has(path) || [...livePages.values()].includes(path);

/** How long a live page or twin may be reused: what is "upcoming" is at most this stale. */
export const LIVE_CACHE_CONTROL = 'public, max-age=60';
