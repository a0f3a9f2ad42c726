/**
 * The site's chat panel (markup in src/components/ChatPanel.astro), its DOM wiring only: shows the conversation
 * (conversation.ts) and the answer as it streams (read-ui-stream.ts), the pages it drew on as links, and plain
 * messages when the chat is busy (429) or unavailable (503). Answers are shown as Markdown by markdown-view.ts,
 * loaded when the panel first opens (until then, or if it cannot load, as plain text); model output never
 * becomes HTML markup.
 */
import { feedbackControl } from './feedback.ts';
import { applyChunk, loadConversation, newId, requestBody, saveConversation, type Turn } from './conversation.ts';
import { askChat, ChatHttpError } from './read-ui-stream.ts';
import { sourceHref } from './answer-links.ts';

const root = document.querySelector<HTMLElement>('[data-chat]');
if (root) setUp(root);

function setUp(root: HTMLElement) {
  const $ = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-chat-${name}]`)!;
  // The button that opens the panel lives in the header, outside the panel's root.
  const toggle = document.querySelector<HTMLButtonElement>('[data-chat-toggle]')!;
  const panel = $('panel');
  const log = $<HTMLOListElement>('log');
  const status = $('status');
  const alert = $('error');
  const form = $<HTMLFormElement>('form');
  const input = $<HTMLTextAreaElement>('input');
  const send = $<HTMLButtonElement>('send');
  const stop = $<HTMLButtonElement>('stop');
  const clear = $<HTMLButtonElement>('clear');

  let conversation = loadConversation();
  let running: AbortController | undefined;
  conversation.turns.forEach((t) => log.append(renderTurn(t)));
  root.hidden = false;
  toggle.hidden = false;

  // The renderer and its parser are a chunk of their own: every page carries the panel, few visitors open it.
  let loading: Promise<unknown> | undefined;
  const loadRenderer = () => {
    loading ??= import('./markdown-view.ts').then(
      ({ showMarkdown }) => {
        markdown = { showMarkdown };
        // Answers shown so far (restored from the session, or streaming already) as Markdown now.
        [...log.children].forEach((li, i) => {
          if (conversation.turns[i]) updateTurn(li as HTMLElement, conversation.turns[i]);
        });
      },
      () => {
        loading = undefined;
      },
    );
  };

  const open = (show: boolean) => {
    if (show) loadRenderer();
    panel.hidden = !show;
    toggle.setAttribute('aria-expanded', String(show));
    if (show) {
      input.focus();
      log.scrollTop = log.scrollHeight;
    } else toggle.focus();
  };
  toggle.addEventListener('click', () => open(panel.hidden));
  $('close').addEventListener('click', () => open(false));
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') open(false);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  // A starter question is asked as if typed.
  root.querySelectorAll<HTMLButtonElement>('[data-chat-starter]').forEach((button) =>
    button.addEventListener('click', () => {
      input.value = button.textContent ?? '';
      form.requestSubmit();
    }),
  );
  stop.addEventListener('click', () => running?.abort());
  clear.addEventListener('click', () => {
    running?.abort();
    conversation = { id: newId(), turns: [] };
    saveConversation(conversation);
    log.replaceChildren();
    showError();
    status.textContent = 'Started a new conversation.';
    input.focus();
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text || running) return;
    showError();
    const question: Turn = { id: newId(), role: 'user', text, sources: [] };
    const answer: Turn = { id: newId(), role: 'assistant', text: '', sources: [] };
    conversation.turns.push(question);
    log.append(renderTurn(question));
    input.value = '';
    const body = requestBody(conversation);
    conversation.turns.push(answer);
    const view = renderTurn(answer);
    view.setAttribute('aria-busy', 'true');
    log.append(view);
    log.scrollTop = log.scrollHeight;

    running = new AbortController();
    setBusy(true);
    status.textContent = 'Answering…';
    // At most one update per frame, however fast the chunks come: rendering is the costly part, not reading.
    let frame = 0;
    const show = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      updateTurn(view, answer);
      log.scrollTop = log.scrollHeight;
    };
    try {
      for await (const chunk of askChat(body, running.signal)) {
        applyChunk(answer, chunk);
        frame ||= requestAnimationFrame(show);
      }
      show();
      // The whole answer once, as read (not its Markdown), not every fragment: a live region that speaks each delta is unusable.
      const said = view.querySelector<HTMLElement>('.chat-text')!.innerText.trim();
      status.textContent = answer.note
        ? answer.note
        : `Answer: ${said}${answer.sources.length ? ` (${answer.sources.length} linked pages)` : ''}`;
      if (answer.note) showError(answer.note);
      else if (answer.text) view.append(feedbackControl(text));
    } catch (err) {
      if (running.signal.aborted) {
        answer.note = 'Stopped.';
        status.textContent = 'Stopped.';
      } else {
        const message =
          err instanceof ChatHttpError ? err.message : 'Could not reach the site. Check your connection and try again.';
        answer.note = message;
        showError(message, err instanceof ChatHttpError && err.status === 503);
      }
      show();
    } finally {
      view.removeAttribute('aria-busy');
      if (!answer.text) {
        // Nothing to keep: the failed question stays in the box to send again.
        conversation.turns.splice(-2);
        view.previousElementSibling?.remove();
        view.remove();
        input.value = text;
      }
      saveConversation(conversation);
      running = undefined;
      setBusy(false);
      input.focus();
    }
  });

  function setBusy(busy: boolean) {
    send.disabled = busy;
    stop.hidden = !busy;
  }

  function showError(message?: string, offerSearch = false) {
    alert.hidden = !message;
    alert.replaceChildren();
    if (!message) return;
    alert.append(message);
    if (offerSearch) {
      alert.append(
        ' Meanwhile you can ',
        link('/search/', 'search the site'),
        ' or ',
        link('/contact/', 'contact us'),
        '.',
      );
    }
  }
}

let markdown: Pick<typeof import('./markdown-view.ts'), 'showMarkdown'> | undefined;

function link(href: string, text: string) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  return a;
}

function renderTurn(turn: Turn): HTMLLIElement {
  const li = document.createElement('li');
  li.className = `chat-msg chat-msg-${turn.role}`;
  const who = document.createElement('span');
  who.className = 'chat-who';
  who.textContent = turn.role === 'user' ? 'You' : 'Assistant';
  const text = document.createElement('div');
  text.className = 'chat-text';
  li.append(who, text);
  updateTurn(li, turn);
  return li;
}

function updateTurn(li: HTMLElement, turn: Turn) {
  const text = li.querySelector<HTMLElement>('.chat-text')!;
  if (markdown && turn.role === 'assistant') {
    text.classList.add('chat-markdown');
    markdown.showMarkdown(text, turn.text, turn.sources);
  } else text.textContent = turn.text;
  let sources = li.querySelector('.chat-sources');
  if (turn.sources.length > 0 && !sources) {
    // Numbered: a link in the answer to one of these pages carries its number.
    sources = document.createElement('ol');
    sources.className = 'chat-sources';
    sources.setAttribute('aria-label', 'Pages this answer is based on');
    li.append(sources);
  }
  if (sources && sources.childElementCount !== turn.sources.length) {
    sources.replaceChildren(
      ...turn.sources.map((s) => {
        const item = document.createElement('li');
        item.append(link(sourceHref(s, location.href), s.title));
        return item;
      }),
    );
  }
  let note = li.querySelector('.chat-note');
  if (turn.note && !note) {
    note = document.createElement('p');
    note.className = 'chat-note';
    li.append(note);
  }
  if (note) note.textContent = turn.note ?? '';
}
