// Issue 6, screen 2: Anna moves house (Versicherungsort of her Hausrat contract: postcode, town,
// street from the ZÜRS list, house number, move date → new premium, flood class, pending entry),
// gives her bike's frame number (applies at once) and moves the bike to the Premium package (its
// covers listed, new premium from the first of next month, pending entry); Jonas gives a new bank
// account (bank and BIC looked up, the new SEPA mandate for all his debited contracts, the mandate
// as PDF). Axe on every step, at 375 and 1440 px.
import type { Download, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, signInThroughApi } from './identity-support';
import { newPremiumRow, ownPremium, pendingEntry } from './self-service-support';

// SRP in the browser (3072-bit) and axe on every page take a few seconds per step.
test.describe.configure({ timeout: 180_000 });

const JONAS = { email: 'jonas.becker@example.com', mobile: '+4915200000103' };
const MONEY_PER_PERIOD = /\d{1,3}(\.\d{3})*,\d{2}\sEUR (monatlich|vierteljährlich|halbjährlich|jährlich)/;

/** The first day of the month `monthsAhead` months from now, in German time: 'dd.MM.yyyy'. */
function firstOfMonth(monthsAhead: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' })
    .format(new Date())
    .split('-')
    .map(Number);
  const date = new Date(Date.UTC(year!, month! - 1 + monthsAhead, 1));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `01.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

function todayGerman(): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}

async function openAction(
  page: Page,
  visit: (path: string) => Promise<void>,
  contract: string,
  action: string,
) {
  await visit(`/kunden/vertraege/${contract}/`);
  await page
    .getByRole('region', { name: 'Das können Sie selbst ändern' })
    .getByRole('link', { name: action })
    .click();
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Anna reports her move, gives her bike’s frame number and moves the bike to Premium', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'kunden', ...DEMO.anna });

    // The move: pending until the move date, priced with the new home's flood class.
    await openAction(page, visit, '9000000103', 'Versicherungsort ändern');
    await expect(page).toHaveURL(/\/kunden\/risikoort\/\?vertrag=9000000103$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Versicherungsort ändern' })).toBeVisible();
    await expect(page.getByText('Bisher versichert: Venloer Straße 241, 50823 Köln')).toBeVisible();
    await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('50667');
    await expect(page.getByRole('button', { name: /Ort/ })).toContainText('Köln');
    await page.getByRole('combobox', { name: /Straße/ }).fill('Heu');
    await page.getByRole('option', { name: 'Heumarkt' }).click();
    await page.getByRole('textbox', { name: /Hausnummer/ }).fill('12');
    const date = firstOfMonth(2);
    await page
      .getByRole('group', { name: /Umzugsdatum/ })
      .getByRole('spinbutton')
      .first()
      .click();
    await page.keyboard.type(date.replaceAll('.', ''));
    await expectNoAxeViolations(page, 'Versicherungsort: Angaben');
    await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();

    await expect(page.getByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' })).toBeFocused();
    await expect(page.getByText(`Neue Anschrift: Heumarkt 12, 50667 Köln, ab dem ${date}`)).toBeVisible();
    // The premium today, after the changes already pending (elementary cover, yearly payment) and
    // with the move, per payment period; the timeline names the pending changes.
    const figures = page.getByLabel('Beitrag vor und nach der Änderung');
    await expect(figures.getByText(MONEY_PER_PERIOD)).toHaveCount(3);
    await expect(page.getByText('Nach den schon vorgemerkten Änderungen, ohne diese')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'So entwickelt sich Ihr Beitrag' })).toBeVisible();
    await expect(page.getByText(date, { exact: true })).toBeVisible();
    await expect(page.getByText('Gefährdungsklasse (ZÜRS): GK 3 von 4.')).toBeVisible();
    await expectNoAxeViolations(page, 'Versicherungsort: Vorschau');
    await page.getByRole('button', { name: 'Änderung verbindlich speichern' }).click();
    await expect(page.getByText('Die Änderung ist vorgemerkt')).toBeVisible();
    await expect(page.getByText(`Sie gilt ab dem ${date}.`, { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, 'Versicherungsort: gespeichert');

    await page.getByRole('link', { name: 'Zum Vertrag', exact: true }).click();
    await expect(pendingEntry(page, 'Versicherungsort', date)).toContainText('Heumarkt 12, 50667 Köln');

    // The frame number: no premium effect, applies at once.
    await openAction(page, visit, '9000000104', 'Rahmennummer ändern');
    await expect(page.getByRole('heading', { level: 1, name: 'Rahmennummer ändern' })).toBeVisible();
    await expect(page.getByText('Riese & Müller, Sonstiges Rad')).toBeVisible();
    await page.getByRole('textbox', { name: /Neue Rahmennummer/ }).fill('WRM-2026-999001');
    await expectNoAxeViolations(page, 'Rahmennummer: Angaben');
    await page.getByRole('button', { name: 'Weiter zur Prüfung' }).click();
    await expect(page.getByText('Neue Rahmennummer: WRM-2026-999001')).toBeVisible();
    await expect(page.getByText('Ihr Beitrag ändert sich nicht.')).toBeVisible();
    await expect(page.getByText(todayGerman(), { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'Rahmennummer: Vorschau');
    await page.getByRole('button', { name: 'Änderung verbindlich speichern' }).click();
    await expect(page.getByText('Die Änderung gilt ab sofort')).toBeVisible();
    await page.getByRole('link', { name: 'Zum Vertrag', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Versicherungsumfang' })).toContainText('WRM-2026-999001');

    // The bike's package: Premium brings its own covers, priced from the first of next month.
    await openAction(page, visit, '9000000104', 'Deckung ändern');
    await expect(page).toHaveURL(/\/kunden\/deckung\/\?vertrag=9000000104$/);
    await expect(page.getByRole('radio', { name: /^Komfort/ })).toHaveAccessibleName(
      'Komfort Bausteine: Diebstahl, Reparatur ohne Verschleiß · Ihr aktueller Stand',
    );
    const premiumPackage = page.getByRole('radio', { name: /^Premium/ });
    await expect(premiumPackage).toHaveAccessibleName(
      'Premium Bausteine: Diebstahl, Reparatur inklusive Verschleiß, Schutzbrief',
    );
    await premiumPackage.locator('xpath=ancestor::label[1]').click();
    await expect(premiumPackage).toBeChecked();
    await expectNoAxeViolations(page, 'Deckung: Angaben');
    await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();

    await expect(page.getByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' })).toBeFocused();
    await expect(page.getByText('Neue Deckungsvariante: Premium', { exact: true })).toBeVisible();
    const packageFigures = page.getByLabel('Beitrag vor und nach der Änderung');
    const newPremium = newPremiumRow(page);
    await expect(newPremium).toHaveText(MONEY_PER_PERIOD);
    const premium = (await newPremium.textContent()) ?? '';
    const own = await ownPremium(page);
    const packageDate = firstOfMonth(1);
    await expect(packageFigures.getByText(packageDate, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'Deckung: Vorschau');
    await page.getByRole('button', { name: 'Änderung verbindlich speichern' }).click();
    await expect(page.getByText('Die Änderung ist vorgemerkt')).toBeVisible();
    await expect(page.getByText(`Sie gilt ab dem ${packageDate}.`, { exact: false })).toBeVisible();
    await expect(page.getByText(`Ihr neuer Beitrag: ${premium}.`)).toBeVisible();

    await page.getByRole('link', { name: 'Zum Vertrag', exact: true }).click();
    await expect(pendingEntry(page, 'Deckung', packageDate)).toContainText(`(neuer Beitrag: ${own})`);
    // Until then the bike keeps its current covers.
    await expect(page.getByRole('region', { name: 'Versicherungsumfang' })).toContainText(
      'Diebstahl, Reparatur ohne Verschleiß',
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Jonas gives a new bank account and downloads his new SEPA mandate', async ({ page, visit }) => {
    await signInThroughApi(page, { portal: 'kunden', ...JONAS });

    await openAction(page, visit, '9000000301', 'Bankverbindung ändern');
    await expect(page).toHaveURL(/\/kunden\/bankverbindung\/\?vertrag=9000000301$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bankverbindung ändern' })).toBeVisible();
    await page.getByRole('textbox', { name: /IBAN/ }).fill('DE39 5001 0517 5407 3249 24');
    await page.getByRole('textbox', { name: /IBAN/ }).blur();
    await expect(page.getByText(/ING-DiBa/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Kontoinhaberin oder Kontoinhaber/ })).toHaveValue(
      'Jonas Becker',
    );
    await expectNoAxeViolations(page, 'Bankverbindung: Angaben');
    await page.getByRole('button', { name: 'Weiter zur Prüfung' }).click();

    await expect(page.getByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' })).toBeFocused();
    await expect(page.getByText('Ihr Beitrag ändert sich nicht.')).toBeVisible();
    await expect(page.getByText(todayGerman(), { exact: true }).first()).toBeVisible();
    const mandate = page.getByRole('region', { name: 'Ihr neues SEPA-Lastschriftmandat' });
    await expect(mandate).toContainText(/DE\d{2}ZZZ\d+/);
    await expect(mandate).toContainText('DE39 5001 0517 5407 3249 24');
    await expect(mandate).toContainText('INGDDEFFXXX');
    await expect(mandate).toContainText('Ich ermächtige die Schirm Versicherung AG');
    const covered = page.getByRole('region', { name: 'Gilt sofort für diese Verträge' });
    for (const nummer of ['9000000301', '9000000302', '9000000303']) {
      await expect(covered).toContainText(nummer);
    }
    await expectNoAxeViolations(page, 'Bankverbindung: Vorschau');
    await page.getByRole('button', { name: 'Änderung verbindlich speichern' }).click();

    await expect(page.getByText('Die Änderung gilt ab sofort')).toBeVisible();
    await expect(page.getByText(/^SCHIRM-9000000301-\d{14}$/)).toBeVisible();
    await expectNoAxeViolations(page, 'Bankverbindung: gespeichert');
    const [download]: [Download, void] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'SEPA-Lastschriftmandat herunterladen (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('SEPA-Lastschriftmandat 9000000301.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    // Every contract debited from the old account shows the new one, and the mandate among its documents.
    await visit('/kunden/vertraege/9000000302/');
    await expect(page.getByRole('region', { name: 'Zahlung' })).toContainText('**49 24');
    await expect(page.getByRole('region', { name: 'Dokumente' })).toContainText('SEPA-Lastschriftmandat');
    await visit('/kunden/vertraege/9000000301/');
    await expect(page.getByRole('region', { name: 'Dokumente' })).toContainText('SEPA-Lastschriftmandat');
  });
});
