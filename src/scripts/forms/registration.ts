import { enhanceApiForm } from './api-form.ts';
import { fieldValues } from './field-values.ts';

/** Chooses the term named in the address (`?term=2027-spring`), when it is one the form offers. */
function prefillTerm(term: HTMLSelectElement) {
  const wanted = new URLSearchParams(location.search).get('term');
  if (wanted && [...term.options].some((o) => o.value === wanted)) term.value = wanted;
}

/**
 * The registration form: the course list follows the chosen term (every course is in the page with the terms it
 * runs in), and each filled-in form carries one Idempotency-Key, so a retry after a lost answer is not stored twice.
 */
export function enhanceRegistrationForm(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-registration-form]');
  if (!form) return;
  const term = form.querySelector<HTMLSelectElement>('select[name="term"]')!;
  const hint = form.querySelector<HTMLElement>('[data-courses-hint]')!;
  const showCourses = () => {
    let shown = 0;
    for (const item of form.querySelectorAll<HTMLElement>('[data-course]')) {
      const offered = Boolean(term.value) && item.dataset.terms!.split(' ').includes(term.value);
      item.hidden = !offered;
      if (!offered) item.querySelector('input')!.checked = false;
      if (offered) shown++;
    }
    hint.textContent = term.value
      ? `${shown} courses run in ${term.selectedOptions[0]!.text}. Choose up to 8.`
      : 'Choose a term first to see its courses.';
  };
  term.addEventListener('change', showCourses);
  prefillTerm(term);
  showCourses();
  // A course page links here with its course and term (?term=2027-spring&course=BIB201): tick it once it is shown.
  const course = new URLSearchParams(location.search).get('course');
  const box = course
    ? form.querySelector<HTMLInputElement>(`input[name="courses"][value="${CSS.escape(course.toUpperCase())}"]`)
    : null;
  if (box && !box.closest<HTMLElement>('[data-course]')!.hidden) box.checked = true;

  let idempotencyKey = crypto.randomUUID();
  form.addEventListener('input', () => {
    idempotencyKey = crypto.randomUUID();
  });
  form.addEventListener('api-form:sent', () => {
    idempotencyKey = crypto.randomUUID();
    showCourses();
  });

  enhanceApiForm(form, {
    endpoint: '/api/course-registration',
    headers: () => ({ 'Idempotency-Key': idempotencyKey }),
    body: (f) => ({
      ...fieldValues(f, ['courses']),
      courses: new FormData(f).getAll('courses').map((code) => ({ code: String(code) })),
    }),
    success: (result) =>
      `Registration received. Your reference is ${String(result.registrationId)}; the registry will confirm your places by email.`,
  });
}
