/**
 * Sends a form to a JSON API and shows the answer: a confirmation, or each error next to its field with
 * aria-invalid, and focus on the first one. Fields carry `data-path` (the API's issue path, e.g. "student.email"
 * or "courses"); each has a `.field-error` element its control already points to with aria-describedby.
 */
import { mountChallenge, type Challenge } from './challenge.ts';

interface ApiIssue {
  path: string;
  message: string;
}
interface ApiErrorBody {
  error?: { code: string; message: string; resolution?: string; issues?: ApiIssue[] };
}

export interface ApiFormOptions {
  endpoint: string;
  body(form: HTMLFormElement): Record<string, unknown>;
  headers?(form: HTMLFormElement): Record<string, string>;
  success(result: Record<string, unknown>, form: HTMLFormElement): string;
  /** Mount the challenge only when the visitor starts using the form (the footer is on every page). */
  lazyChallenge?: boolean;
}

export function enhanceApiForm(form: HTMLFormElement, options: ApiFormOptions): void {
  const status = form.querySelector<HTMLElement>('[data-form-status]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const slot = form.querySelector<HTMLElement>('[data-challenge]');
  let challenge: Promise<Challenge> | undefined;
  const startChallenge = () => {
    challenge ??= slot
      ? mountChallenge(slot).then((c) => {
          if (!c.usable) submit.disabled = true;
          return c;
        })
      : undefined;
    return challenge;
  };
  if (options.lazyChallenge) form.addEventListener('focusin', startChallenge, { once: true });
  else startChallenge();

  const say = (text: string, kind: 'ok' | 'error' | 'busy') => {
    status.textContent = text;
    status.dataset.kind = kind;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    const c = await startChallenge();
    const token = c?.token();
    if (c && !c.usable) return say('This form cannot be sent until the anti-spam check loads (see above).', 'error');
    if (slot && !slot.hidden && !token) return say('Please complete the anti-spam check above first.', 'error');
    submit.disabled = true;
    say('Sending…', 'busy');
    try {
      const res = await fetch(options.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers?.(form) },
        body: JSON.stringify({ ...options.body(form), ...(token ? { turnstileToken: token } : {}) }),
      });
      const data = (await res.json().catch(() => ({}))) as Record<string, unknown> & ApiErrorBody;
      if (res.ok) {
        say(options.success(data, form), 'ok');
        form.reset();
        form.dispatchEvent(new Event('api-form:sent'));
        return;
      }
      showError(form, data.error, res, say);
    } catch {
      say(
        'We could not reach the server. Check your connection and try again; nothing was lost on your side.',
        'error',
      );
    } finally {
      submit.disabled = false;
      c?.reset();
    }
  });
}

function clearErrors(form: HTMLFormElement) {
  for (const el of form.querySelectorAll<HTMLElement>('.field-error')) {
    el.textContent = '';
    el.hidden = true;
  }
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

function showError(
  form: HTMLFormElement,
  error: ApiErrorBody['error'],
  res: Response,
  say: (t: string, k: 'error') => void,
) {
  if (error?.code === 'RATE_LIMITED') {
    const minutes = Math.ceil(Number(res.headers.get('Retry-After') ?? 60) / 60);
    return say(
      `Too many attempts from your connection. Please try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      'error',
    );
  }
  const unplaced: string[] = [];
  let first: HTMLElement | undefined;
  for (const issue of error?.issues ?? []) {
    const field = fieldFor(form, issue.path);
    if (!field) {
      unplaced.push(issue.message);
      continue;
    }
    const message = field.querySelector<HTMLElement>('.field-error')!;
    message.textContent = message.textContent ? `${message.textContent}; ${issue.message}` : capitalise(issue.message);
    message.hidden = false;
    const control = field.querySelector<HTMLElement>('input, select, textarea, fieldset') ?? field;
    control.setAttribute('aria-invalid', 'true');
    if (!first || first.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_PRECEDING) first = control;
  }
  const summary = error?.issues?.length
    ? `Please correct the ${error.issues.length === 1 ? 'field' : 'fields'} marked below.${unplaced.length ? ` ${unplaced.join('; ')}.` : ''}`
    : `${error?.message ?? 'Something went wrong.'} ${error?.resolution ?? ''}`.trim();
  say(summary, 'error');
  (first ?? form.querySelector<HTMLElement>('[data-form-status]'))?.focus();
}

/** The field for an issue path, trying the longest prefix first: "courses.1.code" falls back to "courses". */
function fieldFor(form: HTMLFormElement, path: string): HTMLElement | undefined {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const field = form.querySelector<HTMLElement>(`[data-path="${CSS.escape(parts.slice(0, n).join('.'))}"]`);
    if (field) return field;
  }
  return undefined;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
