// Open activities and the Umzugsservice (issue 15, ADR 0033) with the demo agency: Unteragentur Wolf
// sees Weber's open revenue reminder with customer and contract, filters and closes it; the
// Hauptagentur previews a move of its customer Anna on a narrow screen (premium, ZÜRS class per
// contract) without saving it. axe checks every page (fixtures).
import { addMonths, formatGermanDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { expect, test } from './fixtures';
import { signInThroughApi } from './identity-support';

const HAUPTAGENTUR = { email: 'claudia.krueger@example.com', mobile: '+4915200000201' };
const WOLF = { email: 'stefan.wolf@example.com', mobile: '+4915200000202' };

test.describe('Offene Aktivitäten at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the agent sees the revenue reminder, filters, and closes it', async ({ page, visit }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...WOLF });
    await visit('/vermittler/aktivitaeten/');
    const table = page.getByRole('table', { name: 'Aktivitäten' });
    const weber = table.getByRole('row').filter({ hasText: '9000000201' });
    await expect(weber.getByRole('link', { name: 'Weber Digitalagentur GmbH' })).toBeVisible();
    await expect(weber.getByText('Umsatz melden: 1. Erinnerung')).toBeVisible();
    await expect(weber.getByText('überfällig')).toBeVisible();
    await expect(weber.getByRole('link', { name: '9000000201' })).toHaveAttribute(
      'href',
      '/vermittler/vertraege/details/9000000201/',
    );

    await page.getByRole('checkbox', { name: 'Nur überfällige' }).locator('xpath=ancestor::label[1]').click();
    await expect(page).toHaveURL(/ueberfaellig=true/);
    await expect(weber).toBeVisible();

    await weber.getByRole('button', { name: /9000000201 als erledigt markieren/ }).click();
    await expect(page.getByText('Die Aktivität zu Vertrag 9000000201 ist jetzt „Erledigt“.')).toBeVisible();
    await expect(weber).toHaveCount(0);
  });
});

test.describe('Umzugsservice at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the agency previews a customer’s move for every contract it looks after', async ({ page, visit }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/umzugsservice/1000000001/');
    await expect(page.getByText('Anna Schneider, Kundennummer 1000000001')).toBeVisible();

    await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('50672');
    await expect(page.getByRole('button', { name: /Ort/ })).toContainText('Köln');
    const street = page.getByRole('textbox', { name: /Straße/ });
    if (await street.isVisible()) await street.fill('Friesenplatz');
    else {
      await page.getByRole('combobox', { name: /Straße/ }).fill('Friesen');
      await page.getByRole('option', { name: 'Friesenplatz' }).click();
    }
    await page.getByRole('textbox', { name: /Hausnummer/ }).fill('1');
    const digits = formatGermanDate(addMonths(todayInGermany(), 1)).replace(/\./g, '');
    await page
      .getByRole('group', { name: /Umzugsdatum/ })
      .getByRole('spinbutton')
      .first()
      .click();
    await page.keyboard.type(digits);
    await page.getByRole('button', { name: 'Auswirkungen berechnen' }).click();

    await expect(page.getByRole('heading', { name: 'Was sich durch den Umzug ändert' })).toBeVisible();
    const hausrat = page.getByRole('row').filter({ hasText: '9000000103' });
    await expect(hausrat).toContainText(/EUR/);
    await expect(hausrat).toContainText(/Klasse \d/);
    await expect(page.getByRole('button', { name: 'Umzug für alle Verträge speichern' })).toBeVisible();
    // The page fits the narrow screen: no sideways scrolling of the whole page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
