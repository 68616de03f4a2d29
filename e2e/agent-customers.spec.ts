// The agent's customer pages (issue 15, ADR 0031) with the demo agency: the Hauptagentur opens a
// customer, sees the masked account and the contracts, opens a contract and calculates a payment
// period change for the customer; a sub-agent corrects the phone number of its own customer and
// cannot open the agency's own customer.
import { expect, test } from './fixtures';
import { signInThroughApi } from './identity-support';

const HAUPTAGENTUR = { email: 'claudia.krueger@example.com', mobile: '+4915200000201' };
const WOLF = { email: 'stefan.wolf@example.com', mobile: '+4915200000202' };

test.describe('Kunde and Vertragsdetails at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the agency opens a customer and a contract and calculates a change for the customer', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/kunde/1000000001/');
    await expect(page.getByRole('heading', { name: 'Kunde Anna Schneider', level: 1 })).toBeVisible();
    await expect(page.getByText(/^[A-Z]{2}\d\d [* ]+\d\d \d\d$/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kontaktdaten korrigieren' })).toBeVisible();

    await page.getByRole('link', { name: 'Details zu 9000000101' }).click();
    await expect(page).toHaveURL(/\/vermittler\/vertraege\/details\/9000000101\/$/);
    await expect(page.getByRole('heading', { name: 'Vertrag 9000000101', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Beitragsverlauf' })).toBeVisible();
    // react-aria's radios: the label takes the click (the input is visually hidden).
    await page.getByRole('radiogroup', { name: 'Welche Änderung?' }).getByText('Zahlweise').click();
    const periods = page.getByRole('radiogroup', { name: 'Neue Zahlweise' });
    await periods.locator('label').first().click();
    await expect(periods.getByRole('radio').first()).toBeChecked();
    await page.getByRole('button', { name: 'Berechnen' }).click();
    await expect(page.getByRole('heading', { name: 'Ergebnis der Berechnung' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Im Auftrag speichern' })).toBeVisible();
  });
});

test.describe('Kundendaten at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a sub-agent corrects its customer’s phone number and cannot open the agency’s own customer', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...WOLF });
    await visit('/vermittler/kundendaten/1000000002/');
    await expect(page.getByRole('heading', { name: 'Kontaktdaten korrigieren', level: 1 })).toBeVisible();
    const phone = page.getByRole('textbox', { name: /Telefon für Rückfragen/ });
    await phone.fill('+49 221 9876543');
    await page.getByRole('button', { name: 'Berichtigung speichern' }).click();
    await expect(page.getByText(/Gespeichert: Telefonnummer/)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await visit('/vermittler/kunde/1000000001/');
    await expect(page.getByText(/nicht von Ihrer Agentur betreut/)).toBeVisible();
  });
});
