import { createElement, type ReactNode } from 'react';

// Message HTML comes from outside (e-mails), so it is never handed to the browser as markup. It is
// parsed inert with DOMParser (scripts in a parsed document never run), then rebuilt as React
// elements from an allow-list: formatting and structure only, no attributes except safe link targets.

const KEPT_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'mark',
  'small',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'span',
  'div',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
]);

// Headings inside a message would break the page's heading outline; they become bold paragraphs.
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

// Dropped with everything inside them.
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'form',
  'input',
  'button',
  'select',
  'textarea',
]);

const VOID_TAGS = new Set(['br', 'hr']);
const SAFE_HREF = /^(https?:|mailto:)/i;

export interface SanitizeOptions {
  /** Stop after this many characters of text and end with ' …'. */
  maxChars?: number;
}

export interface SanitizedHtml {
  nodes: ReactNode[];
  /** Characters of text in the whole message, to decide whether it needs truncating. */
  textLength: number;
  isTruncated: boolean;
}

/** Parses untrusted HTML and returns safe React nodes (allow-listed tags, no event handlers or styles). */
export function sanitizeHtml(
  html: string,
  { maxChars = Number.POSITIVE_INFINITY }: SanitizeOptions = {},
): SanitizedHtml {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const state = { budget: maxChars, isTruncated: false, key: 0 };
  const nodes = convertChildren(doc.body, state);
  return { nodes, textLength: visibleText(doc.body).length, isTruncated: state.isTruncated };
}

interface WalkState {
  budget: number;
  isTruncated: boolean;
  key: number;
}

function convertChildren(parent: Node, state: WalkState): ReactNode[] {
  const result: ReactNode[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (state.budget <= 0) {
      if (!state.isTruncated && hasText(child)) {
        state.isTruncated = true;
        result.push(' …');
      }
      break;
    }
    const converted = convertNode(child, state);
    if (converted !== null) result.push(converted);
  }
  return result;
}

function convertNode(node: Node, state: WalkState): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return convertText(node.textContent ?? '', state);
  if (node.nodeType !== Node.ELEMENT_NODE) return null;

  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;

  const key = state.key++;
  if (VOID_TAGS.has(tag)) return createElement(tag, { key });
  const children = convertChildren(element, state);
  if (HEADING_TAGS.has(tag)) return createElement('p', { key }, createElement('strong', null, ...children));
  if (tag === 'a') return convertLink(element, key, children);
  if (KEPT_TAGS.has(tag)) return createElement(tag, { key }, ...children);
  // Unknown elements (font, center, custom tags) are unwrapped: their text stays, they do not.
  return children.length > 0 ? createElement('span', { key }, ...children) : null;
}

function convertText(text: string, state: WalkState): string {
  if (text.length <= state.budget) {
    state.budget -= text.length;
    return text;
  }
  const cut = text.slice(0, state.budget);
  const atWord = cut.replace(/\s+\S*$/, '');
  state.budget = 0;
  state.isTruncated = true;
  return `${(atWord.length > 0 ? atWord : cut).trimEnd()} …`;
}

function convertLink(element: Element, key: number, children: ReactNode[]): ReactNode {
  const href = element.getAttribute('href')?.trim() ?? '';
  if (!SAFE_HREF.test(href)) return createElement('span', { key }, ...children);
  return createElement(
    'a',
    { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' },
    ...children,
  );
}

function hasText(node: Node): boolean {
  return (node.textContent ?? '').trim().length > 0;
}

function visibleText(root: Element): string {
  const clone = root.cloneNode(true) as Element;
  for (const tag of DROPPED_TAGS)
    for (const dropped of Array.from(clone.querySelectorAll(tag))) dropped.remove();
  return clone.textContent ?? '';
}
