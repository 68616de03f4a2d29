// The HTML of a message the customer writes in the Kontakt page's editor is stored and shown again
// (Gesendet), so it is sanitised with a maintained library (sanitize-html, ADR 0024) to the editor's
// basic formatting: no attributes, so no links, images, event handlers, styles or scripts survive.
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'u', 'mark', 'ol', 'ul', 'li'];

/** The HTML with only the allowed tags and no attributes; the text of dropped tags (e.g. a link) stays. */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {},
    allowedSchemes: [],
    disallowedTagsMode: 'discard',
  }).trim();
}

// sanitize-html escapes these in text; the plain-text copy wants the characters back (&amp; last).
const ESCAPES: readonly [RegExp, string][] = [
  [/&lt;/g, '<'],
  [/&gt;/g, '>'],
  [/&quot;/g, '"'],
  [/&#39;/g, "'"],
  [/&amp;/g, '&'],
];

/** A plain-text copy of sanitised HTML: paragraphs, line breaks and list items become lines. */
export function plainTextOf(sanitized: string): string {
  const lined = sanitized
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li>/gi, '• ')
    .replace(/<\/(p|li|ol|ul)>/gi, '\n');
  let text = sanitizeHtml(lined, { allowedTags: [], allowedAttributes: {} });
  for (const [pattern, character] of ESCAPES) text = text.replace(pattern, character);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
