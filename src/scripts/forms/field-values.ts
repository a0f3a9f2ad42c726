/**
 * The body a form's fields spell: each `[data-path]` field's single control (input, select or textarea) at its
 * API path ("student.email" → `{ student: { email } }`), trimmed; an empty optional control is left out. So a new
 * field is one `<Field path=…>` in the page and nothing here. Fields whose value is not one control's text (a
 * list of checkboxes) are named in `except` and added by the caller.
 * @example fieldValues(form, ['courses']) // { student: { studentId: 'S123456', … }, term: '2027-spring' }
 */
export function fieldValues(form: HTMLFormElement, except: string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of form.querySelectorAll<HTMLElement>('[data-path]')) {
    const path = field.dataset.path!;
    const control = field.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input, select, textarea',
    );
    if (except.includes(path) || !control) continue;
    const value = control.value.trim();
    if (!value && !control.required) continue;
    const keys = path.split('.');
    let parent = body;
    for (const key of keys.slice(0, -1)) parent = (parent[key] ??= {}) as Record<string, unknown>;
    parent[keys.at(-1)!] = value;
  }
  return body;
}
