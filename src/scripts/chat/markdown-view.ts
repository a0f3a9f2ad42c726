/**
 * A chat answer's Markdown as elements, loaded only when the panel opens (panel.ts imports it dynamically: its own
 * chunk, with the parser). The CommonMark parser is micromark (through mdast-util-from-markdown); the elements are
 * built here with createElement and text nodes, never from an HTML string, so raw HTML in an answer is shown as
 * the text it is and nothing in an answer can run. The subset: paragraphs, emphasis, lists, inline code, code
 * blocks, links (answer-links.ts decides where they may go), and quotes; headings become bold paragraphs (the
 * panel's own headings stay the page's outline), images their alt text.
 *
 * While an answer streams, the top-level blocks before the last one are finished (more text can only extend the
 * last block or start new ones), so they are built once and kept; each update re-parses and rebuilds only the
 * last, growing block.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, RootContent } from 'mdast';
import type { Source } from './conversation.ts';
import { linkTarget, pageExists } from './answer-links.ts';

interface View {
  text: string;
  sourceCount: number;
  /** Characters of `text` whose blocks are built for good. */
  frozen: number;
  /** The elements of the last block, rebuilt on each update. */
  live: Node[];
}

const views = new WeakMap<HTMLElement, View>();

/** Shows `text` in `container`, building only what changed since the last call for the same container. */
export function showMarkdown(container: HTMLElement, text: string, sources: readonly Source[]): void {
  let view = views.get(container);
  if (!view || !text.startsWith(view.text) || view.sourceCount !== sources.length) {
    view = { text: '', sourceCount: sources.length, frozen: 0, live: [] };
    views.set(container, view);
    container.replaceChildren();
  } else if (view.text === text) return;
  view.text = text;

  const blocks = fromMarkdown(text.slice(view.frozen)).children;
  // A block of raw HTML is shown as a paragraph of its text.
  const build = (nodes: RootContent[]) =>
    nodes.flatMap((n) => (n.type === 'html' ? [el('p', n.value)] : toDom(n, sources)));
  view.live.forEach((n) => n.parentNode?.removeChild(n));
  const last = blocks.at(-1);
  if (last?.position && blocks.length > 1) {
    container.append(...build(blocks.slice(0, -1)));
    // From the start of the last block's line, so indentation that means something (code, list) is kept.
    view.frozen += last.position.start.offset! - (last.position.start.column - 1);
  }
  view.live = build(last ? [last] : []);
  container.append(...view.live);
}

function toDom(node: Nodes, sources: readonly Source[]): Node[] {
  const children = () => ('children' in node ? node.children.flatMap((c: Nodes) => toDom(c, sources)) : []);
  switch (node.type) {
    case 'root':
      return children();
    case 'text':
      return [document.createTextNode(node.value)];
    case 'paragraph':
      return [el('p', ...children())];
    case 'heading':
      return [el('p', el('strong', ...children()))];
    case 'emphasis':
      return [el('em', ...children())];
    case 'strong':
      return [el('strong', ...children())];
    case 'inlineCode':
      return [el('code', node.value)];
    case 'code':
      return [el('pre', el('code', node.value))];
    case 'break':
      return [el('br')];
    case 'blockquote':
      return [el('blockquote', ...children())];
    case 'thematicBreak':
      return [el('hr')];
    case 'list': {
      const list = el(node.ordered ? 'ol' : 'ul', ...children()) as HTMLOListElement;
      if (node.ordered && node.start != null && node.start !== 1) list.start = node.start;
      return [list];
    }
    case 'listItem': {
      // A tight list's items hold their text directly, as CommonMark renders them, not in paragraphs.
      const content = node.spread
        ? children()
        : node.children.flatMap((c) => (c.type === 'paragraph' ? c.children : [c]).flatMap((n) => toDom(n, sources)));
      return [el('li', ...content)];
    }
    case 'link':
      return [link(node.url, children(), sources)];
    case 'image':
      return node.alt ? [document.createTextNode(node.alt)] : [];
    // Raw HTML is text: `<img onerror=…>` reads as those characters.
    case 'html':
      return [document.createTextNode(node.value)];
    case 'definition':
      return [];
    default:
      return 'value' in node ? [document.createTextNode(String(node.value))] : children();
  }
}

/** A link where answer-links.ts allows one, else its text; an unchecked site path becomes a link once it is found. */
function link(url: string, content: Node[], sources: readonly Source[]): Node {
  const target = linkTarget(url, sources, location.href);
  if (target.kind === 'text') return el('span', ...content);
  const a = el('a', ...content) as HTMLAnchorElement;
  a.href = target.href;
  if (target.kind === 'external') {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.append(hidden(' (opens in a new tab)'));
  } else if (target.kind === 'source') {
    // The number beside it is CSS (`attr(data-source)`), so it is neither in the text nor spoken twice.
    a.className = 'chat-source-link';
    a.dataset.source = String(target.number);
    a.append(hidden(` (source ${target.number})`));
  } else {
    const text = el('span', ...content);
    pageExists(target.href).then((exists) => {
      if (exists && text.isConnected) {
        a.append(...text.childNodes);
        text.replaceWith(a);
      }
    });
    return text;
  }
  return a;
}

/** An element holding `content`; strings become text nodes (append never parses HTML). */
function el(tag: string, ...content: (Node | string)[]): HTMLElement {
  const element = document.createElement(tag);
  element.append(...content);
  return element;
}

function hidden(text: string): HTMLElement {
  const span = el('span', text);
  span.className = 'visually-hidden';
  return span;
}
