// The agent's customer pages (issue 15, ADR 0031) with the demo agency: the Hauptagentur opens a
// customer, sees the masked account and the contracts, opens a contract and calculates a payment
// period change for the customer on the customer's own page; it saves a family status change for
// Sophie Lehmann (9000000401, two levels below the agency; no other spec reads its terms) and finds
// it under 'Änderungen durch Vermittler'; a sub-agent corrects the phone number of its own customer
// and cannot open the agency's own customer.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInThroughApi } from './identity-support';

const HAUPTAGENTUR = { email: 'claudia.krueger@example.com', mobile: '+4915200000201' };
const WOLF = { email: 'stefan.wolf@example.com', mobile: '+4915200000202' };

/** Ticks a radio button by its label, as a person does (the input is visually hidden). */
async function pick(page: Page, role: 'radio', name: string | RegExp): Promise<void> {
  const control = page.getByRole(role, { name, exact: typeof name === 'string' });
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

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
    // The changes the contract offers link to the customer's pages, opened for the agent.
    await expect(page.getByRole('list', { name: 'Für diesen Vertrag nicht verfügbar' })).toBeVisible();
    await page
      .getByRole('list', { name: 'Mögliche Änderungen' })
      .getByRole('link', { name: 'Zahlweise ändern' })
      .click();
    await expect(page).toHaveURL(/\/vermittler\/vertraege\/details\/9000000101\/aenderung\/zahlungsweise\/$/);
    await expect(page.getByRole('heading', { name: 'Zahlweise ändern', level: 1 })).toBeVisible();
    await pick(page, 'radio', /^Jährlich/);
    await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();
    await expect(page.getByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Änderung verbindlich speichern' })).toBeVisible();
    await expectNoAxeViolations(page, 'Zahlweise für die Kundin: Prüfen und bestätigen');
    // Nothing saved here: the customer's own spec changes this contract's payment period.
  });
});

test.describe('a change saved by the agent at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the agency changes the family status of a customer two levels below it through the shared page', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/vertraege/details/9000000401/');
    await expect(page.getByRole('heading', { name: 'Vertrag 9000000401', level: 1 })).toBeVisible();
    await page
      .getByRole('list', { name: 'Mögliche Änderungen' })
      .getByRole('link', { name: 'Familienstand ändern' })
      .click();
    await expect(page).toHaveURL(/\/vermittler\/vertraege\/details\/9000000401\/aenderung\/familienstand\/$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Schritt 1 von 2: Angaben der Kundin oder des Kunden' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'Familienstand für die Kundin: Angaben');
    await pick(page, 'radio', 'Paar ohne Kinder');
    await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();
    await expect(page.getByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' })).toBeFocused();
    await expect(page.getByText('Neuer Familienstand: Paar ohne Kinder', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Änderung verbindlich speichern' }).click();
    await expect(
      page.getByRole('heading', { name: 'Die Änderung ist für die Kundin oder den Kunden gespeichert' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'Familienstand für die Kundin: gespeichert');

    await page.getByRole('link', { name: 'Zu den Vertragsdetails' }).click();
    await expect(page).toHaveURL(/\/vermittler\/vertraege\/details\/9000000401\/$/);
    await expect(page.getByRole('heading', { name: 'Änderungen durch Vermittler' })).toBeVisible();
    await expect(page.getByText(/Paar ohne Kinder.* \(wirksam ab \d{2}\.\d{2}\.\d{4}\) durch/)).toBeVisible();
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

test.describe('a customer’s claim at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  // Opens the page and the form without sending: other specs read Anna's claims and Postfach.
  test('the agency opens Anna’s claim from the customer page and finds the reply form', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/kunde/1000000001/');
    await page
      .getByRole('link', { name: /^Schaden .+ mit Nachrichten öffnen$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/vermittler\/kunde\/1000000001\/schaden\/[0-9a-f-]{36}\/$/);
    await expect(page.getByRole('heading', { name: /^Schaden /, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nachrichten zu diesem Schaden' })).toBeVisible();
    const editor = page.getByRole('textbox', { name: 'Ihre Nachricht an die Kundin oder den Kunden' });
    await expect(editor).toBeVisible();
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByText('Bitte schreiben Sie eine Nachricht.')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'Schaden einer Kundin mit Antwortformular');
  });
});
