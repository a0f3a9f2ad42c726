/**
 * The conversation kept in the browser: what the panel shows, what is sent to /api/chat (within the contract's
 * limits), how each part of the answer's stream changes it, and its copy in sessionStorage so it survives
 * following a source link to another page.
 */
import type { StreamChunk } from './read-ui-stream.ts';

export interface Source {
  url: string;
  title: string;
}
export interface Turn {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: Source[];
  note?: string;
}
export interface Conversation {
  id: string;
  turns: Turn[];
}

const KEY = 'northgate-chat';
const MAX_MESSAGES = 40;
// The server refuses bodies over 64 KiB; staying well under leaves room for JSON escaping of non-ASCII text.
const MAX_BODY_CHARS = 48 * 1024;

export const newId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function loadConversation(): Conversation {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (saved && typeof saved.id === 'string' && Array.isArray(saved.turns)) return saved as Conversation;
  } catch {
    /* storage unavailable or corrupt: start afresh */
  }
  return { id: newId(), turns: [] };
}

export function saveConversation(conversation: Conversation): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(conversation));
  } catch {
    /* private mode or full: the conversation just won't survive navigation */
  }
}

/** The request body: the newest turns that fit the limits, ending with the question. */
export function requestBody(conversation: Conversation): string {
  const messages = conversation.turns
    .filter((t) => t.text.trim() !== '')
    .map((t) => ({ id: t.id, role: t.role, parts: [{ type: 'text', text: t.text }] }));
  let kept = messages.slice(-MAX_MESSAGES);
  let body = JSON.stringify({ id: conversation.id, messages: kept, trigger: 'submit-message' });
  while (body.length > MAX_BODY_CHARS && kept.length > 1) {
    kept = kept.slice(1);
    body = JSON.stringify({ id: conversation.id, messages: kept, trigger: 'submit-message' });
  }
  return body;
}

/** One chunk of the answer's stream applied to its turn: text, a source link (web URLs only), or the note of a failure. */
export function applyChunk(answer: Turn, chunk: StreamChunk): void {
  if (chunk.type === 'text-delta' && typeof chunk.delta === 'string') answer.text += chunk.delta;
  else if (chunk.type === 'source-url' && typeof chunk.url === 'string' && isWebUrl(chunk.url)) {
    answer.sources.push({ url: chunk.url, title: typeof chunk.title === 'string' ? chunk.title : chunk.url });
  } else if (chunk.type === 'error')
    answer.note = typeof chunk.errorText === 'string' ? chunk.errorText : 'The answer was interrupted.';
}

/** Sources are pages of this site; the panel links to their paths, whatever origin the stream names. */
function isWebUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url, location.href).protocol);
  } catch {
    return false;
  }
}
