// Kundenbestand (issue 15, ADR 0030) with the demo agency: the Hauptagentur sees its own customers
// and those of its sub-agents, searches, keeps the search over a reload and downloads the list; a
// sub-agent sees only its own customers and those below it, never the agency's own.
import { expect, test } from './fixtures';
import { signInThroughApi } from './identity-support';

const HAUPTAGENTUR = { email: 'claudia.krueger@example.com', mobile: '+4915200000201' };
const WOLF = { email: 'stefan.wolf@example.com', mobile: '+4915200000202' };

test.describe('Kundenbestand at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the agency sees its sub-agents’ customers, searches, reloads and downloads', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/kundenbestand/');
    const table = page.getByRole('table', { name: 'Kunden im Bestand' });
    // Own customer, the sub-agents' (Wolf, Braun) and the one two levels below (Hartmann).
    for (const name of ['Schneider, Anna', 'Weber Digitalagentur GmbH', 'Becker, Jonas', 'Lehmann, Sophie']) {
      await expect(table.getByRole('link', { name })).toBeVisible();
    }

    await page.getByRole('searchbox', { name: /Suche/ }).fill('Weber');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/suche=Weber/);
    await expect(table.getByRole('link', { name: 'Schneider, Anna' })).toHaveCount(0);
    await expect(page.getByText('1 Kunde gefunden')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: /Suche/ })).toHaveValue('Weber');
    await expect(table.getByRole('link', { name: 'Weber Digitalagentur GmbH' })).toBeVisible();

    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als CSV-Datei' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toMatch(/^Kundenbestand_\d\d\.\d\d\.\d{4}\.csv$/);

    await page.getByRole('searchbox', { name: /Suche/ }).fill('Niemand Unbekannt');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page.getByRole('heading', { name: 'Keine Kunden zu Ihrer Suche' })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('searchbox', { name: /Suche/ })).toHaveValue('Weber');
    await table.getByRole('link', { name: 'Weber Digitalagentur GmbH' }).click();
    await expect(page).toHaveURL(/\/vermittler\/kunde\/1000000002\/$/);
  });
});

test.describe('Kundenbestand at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a sub-agent sees its own and its sub-agent’s customers, not the agency’s own', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...WOLF });
    await visit('/vermittler/kundenbestand/');
    await expect(page.getByRole('link', { name: 'Weber Digitalagentur GmbH' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lehmann, Sophie' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schneider, Anna' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Becker, Jonas' })).toHaveCount(0);
    // The page fits the narrow screen: no sideways scrolling of the whole page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
