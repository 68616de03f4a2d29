// Issue 6, screen 1: a demo customer signs in, sees the contract overview (products of several kinds,
// running ones first, the overdue reminder flagged) and opens a contract's details; axe on every page.
import { expect, test } from './fixtures';
import { DEMO, signInThroughApi } from './identity-support';

const MARKUS = { email: 'markus.weber@example.com', mobile: '+4915200000102' };

// SRP in the browser (3072-bit) and axe on every page take a few seconds per step.
test.describe.configure({ timeout: 120_000 });

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a business customer sees its contracts, the overdue one flagged, and opens it', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'kunden', ...MARKUS });

    // The start page names the overdue premium and leads to how to pay it (issue 12).
    await visit('/kunden/');
    const startCard = page.getByRole('listitem').filter({ hasText: '9000000201' }).first();
    await expect(startCard).toContainText(
      /Zahlung überfällig: \d{1,3}(\.\d{3})*,\d{2} EUR, fällig seit \d{2}\.\d{2}\.\d{4}\./,
    );
    await expect(startCard.getByRole('link', { name: 'So bezahlen Sie' })).toHaveAttribute(
      'href',
      '/kunden/vertraege/9000000201/',
    );

    await visit('/kunden/vertraege/');
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Verträge' })).toBeVisible();
    const cards = page
      .getByRole('list')
      .filter({ has: page.getByRole('listitem') })
      .last()
      .getByRole('listitem');
    await expect(cards.filter({ hasText: '9000000202' })).toContainText(
      'Vermögensschadenhaftpflichtversicherung',
    );
    await expect(cards.filter({ hasText: '9000000203' })).toContainText(
      'Sachinhaltsversicherung Allgefahren',
    );
    const overdue = cards.filter({ hasText: '9000000201' });
    await expect(overdue).toContainText('Zahlung überfällig');
    await expect(overdue).toContainText(
      /\d{1,3}(\.\d{3})*,\d{2} EUR (monatlich|vierteljährlich|halbjährlich|jährlich)/,
    );
    await expect(overdue).toContainText(/Nächste Hauptfälligkeit\s*\d{2}\.\d{2}\.\d{4}/);
    await expect(cards.filter({ hasText: '9000000203' })).not.toContainText('Zahlung überfällig');
    // Running contracts first: the revoked one (STORNIERT) comes after every running one.
    await expect(cards.last()).not.toContainText('Laufend');

    await overdue.getByRole('link').click();
    await expect(page).toHaveURL(/\/kunden\/vertraege\/9000000201\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Betriebshaftpflichtversicherung' }),
    ).toBeVisible();
    const overdueBox = page.getByRole('region', { name: 'Zahlung überfällig' });
    await expect(overdueBox).toContainText('§ 38 VVG');
    await expect(overdueBox).toContainText('DE66 3705 0198 0012 3456 78');
    await expect(overdueBox).toContainText(/Verwendungszweck\s*9000000201/);
    await expect(page.getByRole('region', { name: 'Zahlung', exact: true })).toContainText('****');
    await expect(page.getByRole('region', { name: 'Versicherungsumfang' })).toContainText('Hauptgewerbe');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a private customer opens a contract with a pending change and its effective date', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'kunden', ...DEMO.anna });

    await visit('/kunden/');
    await expect(page.getByRole('heading', { level: 1, name: /^Willkommen/ })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: '9000000101' }).first()).toContainText(
      'Privathaftpflichtversicherung',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await visit('/kunden/vertraege/');
    for (const name of ['Privathaftpflichtversicherung', 'Hausratversicherung', 'Reiseversicherung']) {
      await expect(page.getByRole('link', { name }).first()).toBeVisible();
    }
    await visit('/kunden/vertraege/9000000101/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Privathaftpflichtversicherung' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Vorgemerkte Änderungen' })).toContainText(
      /Familienstand(: [^()]+)? ab \d{2}\.\d{2}\.\d{4}/,
    );
    await expect(page.getByRole('region', { name: 'Ihre Ansprechperson' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
