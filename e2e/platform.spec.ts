import { expect, test } from './fixtures';

test.describe('platform', () => {
  test('home page is German and presents the products and portals', async ({ page, visit }) => {
    await visit('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Kundenportal' })).toHaveAttribute(
      'href',
      '/kunden/login/',
    );
    await expect(page.getByRole('link', { name: 'Zum Vermittlerportal' })).toHaveAttribute(
      'href',
      '/vermittler/login/',
    );
    await expect(page.getByText(/Privathaftpflicht/).first()).toBeVisible();
  });

  test('unknown page shows the German error screen with a way back', async ({ page, visit }) => {
    await visit('/gibt-es-nicht');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Zur Startseite', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('brand from ?brand= is applied as design tokens', async ({ page, visit }) => {
    await visit('/?brand=hfk');
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'hfk');
    await visit('/?brand=unbekannt');
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'schirm');
  });

  test('embedded mode shows no site chrome', async ({ page, visit }) => {
    await visit('/?embedded=true');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('withoutTranslations shows keys instead of texts', async ({ page }) => {
    await page.goto('/?withoutTranslations');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^[a-z]+(\.[a-zA-Z0-9]+)+$/);
    await expect(page.getByRole('link', { name: 'Zum Kundenportal' })).toHaveCount(0);
  });

  test('API answers JSON errors and carries a strict CSP', async ({ request }) => {
    const notFound = await request.get('/api/nope');
    expect(notFound.status()).toBe(404);
    expect((await notFound.json()).error.code).toBe('NOT_FOUND');
    const ready = await request.get('/api/ready');
    expect(ready.status()).toBe(200);
    const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
