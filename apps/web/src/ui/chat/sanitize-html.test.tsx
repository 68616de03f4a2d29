import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

function renderSanitized(html: string, maxChars?: number) {
  const { nodes } = sanitizeHtml(html, { maxChars });
  return render(<div data-testid="out">{nodes}</div>).container.firstElementChild as HTMLElement;
}

describe('sanitizeHtml', () => {
  it('keeps formatting and structure', () => {
    const out = renderSanitized(
      '<p>Guten Tag, <strong>Frau Muster</strong>.</p><ul><li>eins</li><li>zwei</li></ul>',
    );
    expect(out.querySelector('p')).toHaveTextContent('Guten Tag, Frau Muster.');
    expect(out.querySelector('strong')).toHaveTextContent('Frau Muster');
    expect(out.querySelectorAll('li')).toHaveLength(2);
  });

  it('never runs scripts or event handlers and drops their content', () => {
    const alarm = vi.fn();
    (globalThis as unknown as { alarm: typeof alarm }).alarm = alarm;
    const out = renderSanitized(
      '<p onclick="alarm()">Hallo</p><script>alarm()</script><img src="x" onerror="alarm()"><style>p{}</style>',
    );
    expect(out.innerHTML).toBe('<p>Hallo</p>');
    out.querySelector('p')?.click();
    expect(alarm).not.toHaveBeenCalled();
  });

  it('keeps only http(s) and mailto links and opens them safely', () => {
    const out = renderSanitized(
      '<a href="https://example.org">ok</a> <a href="javascript:alert(1)">böse</a>',
    );
    const links = out.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.org');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(out).toHaveTextContent('ok böse');
  });

  it('turns headings into bold paragraphs and unwraps unknown tags', () => {
    const out = renderSanitized('<h1>Betreff</h1><font color="red">rot</font>');
    expect(out.querySelector('h1')).toBeNull();
    expect(out.querySelector('p > strong')).toHaveTextContent('Betreff');
    expect(out.querySelector('font')).toBeNull();
    expect(out).toHaveTextContent('rot');
    expect(out.innerHTML).not.toContain('color');
  });

  it('truncates at a word boundary by text length and reports it', () => {
    const result = sanitizeHtml('<p>Eins zwei drei vier</p><p>fünf</p>', { maxChars: 12 });
    expect(result.isTruncated).toBe(true);
    expect(result.textLength).toBe(23);
    const out = renderSanitized('<p>Eins zwei drei vier</p><p>fünf</p>', 12);
    expect(out).toHaveTextContent('Eins zwei …');
    expect(out).not.toHaveTextContent('fünf');
  });
});
