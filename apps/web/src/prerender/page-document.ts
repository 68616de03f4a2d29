import type { PrerenderedPage } from './prerender-page';

/*
 * The prerendered page's index.html (ADR 0017, second addendum): the build's index.html with the
 * page's first screen in #root, its title and the style sheets of its chunks.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Until the app takes over, the screen is a picture of the form: typing would be lost when the app
 * renders its own fields, a button (Hilfe, show password) would do nothing, and a submit without
 * the app would send the password in the address (the form has no action). Fields are read-only
 * and buttons disabled, which also stops the Enter key from submitting (implicit submission does
 * nothing when the form's default button is disabled). Links work as links.
 */
export function freezeForms(html: string): string {
  const inputs = html.match(/<input /g)?.length ?? 0;
  const submits = html.match(/<button type="submit"/g)?.length ?? 0;
  if (inputs === 0 || submits !== 1) {
    throw new Error(`Prerendered form unexpected: ${inputs} inputs, ${submits} submit buttons`);
  }
  return html.replaceAll('<input ', '<input readonly="" ').replaceAll('<button ', '<button disabled="" ');
}

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/**
 * The build's index.html with the page's markup in #root (marked data-prerendered, which app/start
 * reads), the page's title, and its style sheets after the entry's (paths relative to dist/).
 */
export function pageDocument(
  template: string,
  page: PrerenderedPage & { path: string },
  styleSheets: readonly string[],
): string {
  if (
    !template.includes(ROOT) ||
    !TITLE.test(template) ||
    !template.includes('</head>') ||
    !template.includes('<html lang="de">')
  ) {
    throw new Error('index.html has no <html lang="de">, <div id="root"></div>, <title> or </head> to fill');
  }
  const links = styleSheets
    .map((href) => `    <link rel="stylesheet" crossorigin href="/${href}">\n`)
    .join('');
  return (
    template
      .replace(
        ROOT,
        () => `<div id="root" data-prerendered="${escapeHtml(page.path)}">${freezeForms(page.html)}</div>`,
      )
      .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
      // The brand the screen was rendered with, as app/start sets it (then unchanged).
      .replace('<html lang="de">', () => `<html lang="de" data-brand="${escapeHtml(page.brand)}">`)
      // The screen is painted from the HTML and style sheets; the entry's chunks are needed only for
      // the app to take over. At low priority they wait behind the style sheets (the entry itself,
      // 1 KiB, keeps its priority). Fetching them only after the first paint was measured: the
      // paint came no sooner in Chromium, and the app took over 0.4 s later (ADR 0017).
      .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
      .replace(/ *<\/head>/, (head) => `${links}${head}`)
  );
}
