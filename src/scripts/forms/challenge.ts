/**
 * The Turnstile widget, only when the server says the forms need it. Cloudflare's script is loaded from
 * challenges.cloudflare.com (allowed by the CSP); when it cannot load (blocked, offline), the form says so
 * instead of failing silently at submit time.
 */
const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const LOAD_TIMEOUT_MS = 10_000;

interface TurnstileApi {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  getResponse(id: string): string | undefined;
  reset(id: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export interface Challenge {
  /** Whether the form can be sent at all (false when the widget could not load). */
  usable: boolean;
  token(): string | undefined;
  /** Tokens are single use: get a fresh one after every submission. */
  reset(): void;
}

const none: Challenge = { usable: true, token: () => undefined, reset: () => {} };
let script: Promise<TurnstileApi> | undefined;

function loadTurnstile(): Promise<TurnstileApi> {
  script ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile);
    const el = document.createElement('script');
    el.src = SCRIPT;
    el.async = true;
    const timer = setTimeout(() => reject(new Error('timeout')), LOAD_TIMEOUT_MS);
    el.onload = () => {
      clearTimeout(timer);
      if (window.turnstile) resolve(window.turnstile);
      else reject(new Error('no turnstile'));
    };
    el.onerror = () => {
      clearTimeout(timer);
      reject(new Error('blocked'));
    };
    document.head.append(el);
  });
  return script;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json() as Promise<T>;
}

/** Renders the widget into `slot` when required; resolves to a handle the form uses to read the token. */
export async function mountChallenge(slot: HTMLElement): Promise<Challenge> {
  const status = slot.querySelector<HTMLElement>('[data-challenge-status]')!;
  try {
    const { required } = await getJson<{ required: boolean }>('/api/challenge/required');
    if (!required) return none;
  } catch {
    return none; // the server will say CHALLENGE_REQUIRED if it was needed after all
  }
  slot.hidden = false;
  status.textContent = 'Loading the anti-spam check…';
  try {
    const [{ siteKey }, turnstile] = await Promise.all([
      getJson<{ siteKey: string }>('/api/challenge/site-key'),
      loadTurnstile(),
    ]);
    const widget = slot.querySelector<HTMLElement>('[data-challenge-widget]')!;
    const id = turnstile.render(widget, {
      sitekey: siteKey,
      // Signed into the token: the server accepts it only for this form.
      action: widget.dataset.action,
      callback: () => {
        status.textContent = '';
      },
      'expired-callback': () => {
        status.textContent = 'The anti-spam check expired; it will renew itself.';
      },
      'error-callback': () => {
        status.textContent = 'The anti-spam check failed to run. Reload the page to try again.';
      },
    });
    status.textContent = '';
    return { usable: true, token: () => turnstile.getResponse(id) || undefined, reset: () => turnstile.reset(id) };
  } catch {
    status.dataset.kind = 'error';
    status.textContent =
      'The anti-spam check (Cloudflare Turnstile) could not load, so this form cannot be sent right now. ' +
      'Check that challenges.cloudflare.com is not blocked by an extension or network filter, then reload the page, ' +
      'or write to registry@northgate.example.';
    return { usable: false, token: () => undefined, reset: () => {} };
  }
}
