import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { parseFaq, type Faq } from './faq';

let testApp: TestApp;

beforeAll(async () => {
  // The real content file of packages/texts (the default textsDir).
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/content/faq', () => {
  it('serves the German FAQ by category with answers as plain blocks', async () => {
    const response = await testApp.app.inject({ url: '/api/content/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const faq = response.json<Faq>();
    expect(faq.kategorien.map((category) => category.titel)).toContain('Kündigung und Widerruf');
    const questions = faq.kategorien.flatMap((category) => category.fragen);
    expect(questions.length).toBeGreaterThanOrEqual(20);
    expect(new Set(questions.map((question) => question.id)).size).toBe(questions.length);
    for (const topic of ['anmeldung', 'registrierung', 'passwort-vergessen', 'vertragsdetails']) {
      expect(questions.some((question) => question.hilfe.includes(topic as never))).toBe(true);
    }
    expect(JSON.stringify(faq)).not.toMatch(/<[a-z]/i);
  });

  it('answers 304 when If-None-Match carries the current ETag', async () => {
    const first = await testApp.app.inject({ url: '/api/content/faq' });
    const again = await testApp.app.inject({
      url: '/api/content/faq',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 with the error envelope when there is no content file', async () => {
    const withoutContent = await createTestApp({
      config: { textsDir: path.join(os.tmpdir(), 'schirm-no-content') },
      database: testApp.database,
    });
    try {
      const response = await withoutContent.app.inject({ url: '/api/content/faq' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: {
          code: 'NOT_FOUND',
          status: 404,
          message: 'Die häufigen Fragen sind zurzeit nicht verfügbar.',
        },
      });
    } finally {
      await withoutContent.app.close();
    }
  });
});

describe('GET /api/content/faq/{id}', () => {
  it('serves one question with its category: the 14-day revocation right of § 8 VVG', async () => {
    const response = await testApp.app.inject({ url: '/api/content/faq/widerruf' });
    expect(response.statusCode).toBe(200);
    const entry = response.json();
    expect(entry).toMatchObject({
      id: 'widerruf',
      frage: 'Kann ich einen neuen Vertrag widerrufen?',
      kategorie: { id: 'kuendigung-widerruf', titel: 'Kündigung und Widerruf' },
      hilfe: ['vertragsdetails'],
    });
    expect(JSON.stringify(entry.antwort)).toContain('14 Tagen');
    expect(JSON.stringify(entry.antwort)).toContain('§ 8 Versicherungsvertragsgesetz');
  });

  it.each(['/api/content/faq/gibt-es-nicht', '/api/content/faq/..%2Fsecret'])(
    'answers 404 with a German error envelope for %s',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: {
          code: 'FAQ_ENTRY_NOT_FOUND',
          status: 404,
          message: 'Diese Frage gibt es nicht. Alle Fragen finden Sie unter „Häufige Fragen“.',
          requestId: expect.any(String),
        },
      });
    },
  );
});

describe('parseFaq', () => {
  const file = (antwort: string, id = 'frage-eins') =>
    [
      "version: '1'",
      'kategorien:',
      '  - id: kategorie',
      '    titel: Kategorie',
      '    fragen:',
      `      - id: ${id}`,
      '        frage: Frage?',
      '        antwort: |',
      ...antwort.split('\n').map((line) => `          ${line}`),
    ].join('\n');

  it('turns paragraphs, lists, bold text and links into blocks', () => {
    const faq = parseFaq(
      file('Erst **fett** und [Link](/kunden/login/).\n\n1. eins\n2. zwei\n\n- a\n- b'),
      'faq.yaml',
    );
    expect(faq.kategorien[0]?.fragen[0]?.antwort).toEqual([
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Erst ' },
          { type: 'strong', text: 'fett' },
          { type: 'text', text: ' und ' },
          { type: 'link', text: 'Link', href: '/kunden/login/' },
          { type: 'text', text: '.' },
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'eins' }], [{ type: 'text', text: 'zwei' }]],
      },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]] },
    ]);
  });

  it.each([
    ['raw HTML', '<script>alert(1)</script>', /html is not allowed/],
    ['inline HTML', 'Text <b>fett</b>', /html is not allowed/],
    ['an image', '![Bild](https://example.de/a.png)', /image is not allowed/],
    [
      'a javascript: link',
      '[klick](javascript:alert(1))',
      /link target javascript:alert\(1\) is not allowed/,
    ],
    ['a link to another host without https', '[klick](//boese.example/)', /is not allowed/],
    ['a heading', '# Überschrift', /heading is not allowed/],
  ])('refuses %s', (_what, antwort, message) => {
    expect(() => parseFaq(file(antwort), 'faq.yaml')).toThrow(message);
  });

  it('refuses an id that cannot be a URL fragment and unknown help topics', () => {
    expect(() => parseFaq(file('Text', 'Frage Eins'), 'faq.yaml')).toThrow(/faq\.yaml/);
    expect(() =>
      parseFaq(
        file('Text').replace('        antwort', '        hilfe: [startseite]\n        antwort'),
        'faq.yaml',
      ),
    ).toThrow(/hilfe/);
  });
});
