import { expect, expectNoAxeViolations, test } from './fixtures';

// Public help: the FAQ page and the help slide-out of the sign-in page. Signs nobody in and
// changes nothing (a data-free spec, playwright.config.ts).
for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    // The 1440 px run is @erweitert (`npm run test:e2e` only); `npm test` runs the FAQ at 375 px.
    test(`the FAQ: search with an umlaut typed as ue, open an answer, deep link${width === 1440 ? ' @erweitert' : ''}`, async ({
      page,
      visit,
    }) => {
      await visit('/haeufige-fragen/');
      await expect(page.getByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();

      const search = page.getByRole('searchbox', { name: 'Fragen durchsuchen' });
      await search.fill('widerrufen 14');
      await expect(page.getByRole('status').filter({ hasText: 'gefunden' })).toHaveText(
        /^\d+ Fragen? gefunden$/,
      );
      const question = page.getByRole('button', { name: 'Kann ich einen neuen Vertrag widerrufen?' });
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText('§ 8 Versicherungsvertragsgesetz', { exact: false })).toBeVisible();
      await expect(page).toHaveURL(/\/haeufige-fragen\/#widerruf$/);
      await expectNoAxeViolations(page, `/haeufige-fragen/ (${width} px, answer open)`);

      await search.fill('kuendigen');
      await expect(page.getByRole('button', { name: 'Wie kündige ich einen Vertrag?' })).toBeVisible();

      await search.fill('Hubschrauber');
      await expect(
        page.getByRole('heading', { name: 'Keine Fragen zu „Hubschrauber“ gefunden' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `/haeufige-fragen/ (${width} px, nothing found)`);

      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(width);

      await page.goto('/haeufige-fragen/#kuendigen');
      await expect(page.getByRole('button', { name: 'Wie kündige ich einen Vertrag?' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    });

    // The slide-out is the same panel at both widths; it is opened at 375 px, where it covers the page.
    if (width === 1440) return;
    test('the sign-in page opens its help in the slide-out', async ({ page, visit }) => {
      await visit('/kunden/login/');
      await page.getByRole('button', { name: 'Hilfe' }).click();
      const panel = page.getByRole('dialog', { name: 'Hilfe zu dieser Seite' });
      await expect(
        panel.getByRole('heading', { name: 'Wie melde ich mich im Kundenportal an?' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `/kunden/login/ help (${width} px)`);
      await panel.getByRole('link', { name: 'Alle häufigen Fragen ansehen' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();
    });
  });
}
