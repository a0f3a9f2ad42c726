/**
 * The control under each chat answer: thumbs up or down, and after a thumbs down an optional comment, sent to
 * POST /api/chat/feedback for the staff insights page (docs/insights.md). Only the question, the rating and the
 * comment are sent; the answer itself is not.
 */

/** The control for the answer to `question`. */
export function feedbackControl(question: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'chat-feedback';
  box.setAttribute('role', 'group');
  const label = Object.assign(document.createElement('span'), {
    className: 'chat-feedback-label',
    id: `fb-${crypto.randomUUID?.() ?? Date.now()}`,
  });
  label.textContent = 'Was this answer helpful?';
  box.setAttribute('aria-labelledby', label.id);
  const up = button('Yes', 'thumbs-up');
  const down = button('No', 'thumbs-down');
  const said = Object.assign(document.createElement('p'), { className: 'chat-feedback-status' });
  said.setAttribute('role', 'status');
  box.append(label, up, down, said);

  const send = async (rating: 'up' | 'down', comment?: string) => {
    up.disabled = down.disabled = true;
    try {
      const res = await fetch('/api/chat/feedback', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(comment ? { question, rating, comment } : { question, rating }),
      });
      if (!res.ok) throw new Error(String(res.status));
      said.textContent = 'Thank you: the editors read this.';
      box.querySelector('form')?.remove();
    } catch {
      said.textContent = 'Your feedback could not be sent. Please try again.';
      up.disabled = down.disabled = false;
    }
  };

  up.addEventListener('click', () => {
    up.setAttribute('aria-pressed', 'true');
    down.setAttribute('aria-pressed', 'false');
    void send('up');
  });
  down.addEventListener('click', () => {
    down.setAttribute('aria-pressed', 'true');
    up.setAttribute('aria-pressed', 'false');
    if (box.querySelector('form')) return;
    box.insertBefore(
      commentForm((comment) => send('down', comment)),
      said,
    );
    box.querySelector('textarea')?.focus();
  });
  return box;
}

function button(text: string, icon: string): HTMLButtonElement {
  const b = Object.assign(document.createElement('button'), {
    type: 'button',
    className: `chat-feedback-${icon}`,
    textContent: text,
  });
  b.setAttribute('aria-pressed', 'false');
  return b;
}

/** The optional comment after a thumbs down; sending without one is fine. */
function commentForm(submit: (comment: string) => Promise<void>): HTMLFormElement {
  const form = document.createElement('form');
  form.className = 'chat-feedback-form';
  const id = `fbc-${crypto.randomUUID?.() ?? Date.now()}`;
  const label = Object.assign(document.createElement('label'), {
    htmlFor: id,
    textContent: 'What was wrong or missing? (optional; please leave out personal details)',
  });
  const area = Object.assign(document.createElement('textarea'), { id, name: 'comment', rows: 2, maxLength: 1000 });
  const go = Object.assign(document.createElement('button'), { type: 'submit', textContent: 'Send feedback' });
  form.append(label, area, go);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void submit(area.value.trim());
  });
  return form;
}
