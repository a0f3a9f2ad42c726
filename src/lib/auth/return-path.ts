const FALLBACK = '/staff';
// Any origin of our own would do: the path is resolved against it, and must stay on it.
const BASE = 'http://return-path.invalid';
// Backslashes (browsers read `\` as `/`) and control characters (browsers drop tab, CR and LF from URLs, so
// `/<TAB>/evil.example` is `//evil.example` to them). C1 controls too: nothing legitimate has them.
const UNSAFE = /[\\\p{Cc}]/u;

/**
 * A same-site path to come back to after signing in, as the browser will resolve it; anything that could take
 * the browser elsewhere (another origin, `//host`, `/\host`, `/<TAB>/host`, `/a/..//host`) falls back to /staff.
 * @example safeReturnPath('https://evil.example/') // '/staff'
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || UNSAFE.test(value)) return FALLBACK;
  const url = sameOrigin(value);
  if (!url) return FALLBACK;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can resolve to `//host`, which is another site once the browser reads the path back.
  return sameOrigin(path) ? path : FALLBACK;
}

function sameOrigin(path: string): URL | undefined {
  try {
    const url = new URL(path, BASE);
    return url.origin === BASE ? url : undefined;
  } catch {
    return undefined;
  }
}
