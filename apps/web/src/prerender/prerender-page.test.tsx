// @vitest-environment node
// The build prerenders in Node, where there is no window or document (src/prerender/vite-plugin.ts).
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { pageDocument } from './page-document';
import { prerenderSignIn } from './prerender-page';

const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <title>Schirm – Versicherung einfach online</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/web-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/web-c3.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The document a browser builds from the HTML (before any script runs). */
function parse(html: string): Document {
  const window = new Window();
  window.document.write(html);
  return window.document as unknown as Document;
}

describe('prerendered sign-in', () => {
  it("renders the customer sign-in's first screen in the public layout, with its title", async () => {
    const page = await prerenderSignIn('kunden');
    expect(page.path).toBe('/kunden/login/');
    expect(page.title).toBe('Anmelden – Kundenportal – Schirm');
    const body = parse(page.html).body;
    expect(body.querySelector('h1')?.textContent).toBe('Anmelden');
    expect(body.textContent).toContain('Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.');
    expect(body.querySelector('header a[href="/"]')?.getAttribute('aria-label')).toBe(
      'Schirm – zur Startseite',
    );
    const labels = [...body.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(['E-Mail-Adresse', 'Passwort']);
    expect(body.querySelector('input[name="username"]')?.getAttribute('autocomplete')).toBe('username');
    expect(body.querySelector('button[type="submit"]')?.textContent).toBe('Weiter');
    expect(body.querySelector('a[href="/kunden/login/registrieren/"]')?.textContent).toContain(
      'registrieren',
    );
    expect(body.querySelector('footer')).not.toBeNull();
    // The server's CSP allows no inline script.
    expect(page.html).not.toContain('<script');
  });

  it("renders the agent sign-in with the agent portal's texts and without registration", async () => {
    const page = await prerenderSignIn('vermittler');
    expect(page.path).toBe('/vermittler/login/');
    expect(page.title).toBe('Anmelden – Vermittlerportal – Schirm');
    const body = parse(page.html).body;
    expect(body.textContent).toContain('Vermittlerportal');
    expect(body.querySelector('a[href="/vermittler/login/passwort-vergessen/"]')).not.toBeNull();
    expect(body.querySelector('a[href="/kunden/login/registrieren/"]')).toBeNull();
  });
});

describe('page document', () => {
  it('puts the screen into #root with read-only fields and disabled buttons, the title and the style sheets', async () => {
    const page = await prerenderSignIn('kunden');
    const html = pageDocument(TEMPLATE, page, ['assets/public-layout-d4.css', 'assets/sign-in-page-e5.css']);
    const document = parse(html);
    expect(document.title).toBe('Anmelden – Kundenportal – Schirm');
    expect(document.documentElement.dataset.brand).toBe('schirm');
    const root = document.getElementById('root');
    expect(root?.dataset.prerendered).toBe('/kunden/login/');
    expect(root?.querySelector('h1')?.textContent).toBe('Anmelden');
    const inputs = [...document.querySelectorAll('input')];
    expect(inputs).toHaveLength(2);
    expect(inputs.every((input) => input.readOnly)).toBe(true);
    const buttons = [...document.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent)).toEqual(['Hilfe', 'Passwort anzeigen', 'Weiter']);
    expect(buttons.every((button) => button.disabled)).toBe(true);
    expect(
      [...document.querySelectorAll('a')].some(
        (link) => link.getAttribute('href') === '/kunden/login/passwort-vergessen/',
      ),
    ).toBe(true);
    expect(
      [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')),
    ).toEqual(['/assets/web-c3.css', '/assets/public-layout-d4.css', '/assets/sign-in-page-e5.css']);
  });

  it("keeps the entry's priority and lets the chunks it imports wait behind the style sheets", async () => {
    const page = await prerenderSignIn('kunden');
    const document = parse(pageDocument(TEMPLATE, page, []));
    const entry = document.querySelector('script[type="module"]');
    expect(entry?.getAttribute('src')).toBe('/assets/index-a1.js');
    expect(entry?.getAttribute('fetchpriority')).toBeNull();
    const preload = document.querySelector('link[rel="modulepreload"]');
    expect(preload?.getAttribute('href')).toBe('/assets/web-b2.js');
    expect(preload?.getAttribute('fetchpriority')).toBe('low');
  });

  it('refuses a template without the root element to fill', async () => {
    const page = await prerenderSignIn('kunden');
    expect(() => pageDocument(TEMPLATE.replace('<div id="root"></div>', '<main></main>'), page, [])).toThrow(
      /root/,
    );
  });
});
