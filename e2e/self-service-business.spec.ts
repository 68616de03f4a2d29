// Issue 6, screen 2 (business contracts of Markus Weber): the annual revenue of the BHV is confirmed
// unchanged, refused online above the tariff's limit and then reported anew (1440 px); the contents
// insurance gets a new insured sum from a chosen day, replacing the pending one, and new secondary
// business types (375 px). Each change is previewed, saved and then listed on the contract with its
// date; axe on every step.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInThroughApi } from './identity-support';
import { newPremiumRow, ownPremium, pendingEntry } from './self-service-support';

const MARKUS = { email: 'markus.weber@example.com', mobile: '+4915200000102' };

// SRP in the browser (3072-bit) and axe on every step take a few seconds each.
test.describe.configure({ timeout: 180_000 });

const DATE = /\d{2}\.\d{2}\.\d{4}/;
const MONEY = String.raw`\d{1,3}(?:\.\d{3})*,\d{2}\sEUR`;

/** A day as the pages show it (dd.MM.yyyy), in German time. */
function germanDate(date: Date): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

/** The first day of the month three months from now, as shown and as typed into the date parts. */
function firstOfMonthAhead(): { shown: string; typed: string } {
  const now = new Date();
  const shown = germanDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1, 12)));
  return { shown, typed: shown.replaceAll('.', '') };
}

/** Step two of a change: the preview names the new premium per period and the effective date. */
async function previewFigures(
  page: Page,
  period: string,
): Promise<{ premium: string; own: string; date: string }> {
  await expect(page.getByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' })).toBeFocused();
  const summary = page.getByLabel('Beitrag vor und nach der Änderung');
  const premium = newPremiumRow(page);
  await expect(premium).toHaveText(new RegExp(`^${MONEY} ${period}$`));
  const date = summary.getByText(new RegExp(`^${DATE.source}$`));
  await expect(date).toBeVisible();
  return {
    premium: ((await premium.textContent()) ?? '').replace(` ${period}`, '').trim(),
    own: (await ownPremium(page)).replace(` ${period}`, '').trim(),
    date: ((await date.textContent()) ?? '').trim(),
  };
}

/** Saves the previewed change and opens the contract, which lists it as pending with its date. */
async function saveAndSeePending(
  page: Page,
  nummer: string,
  change: string,
  figures: { premium: string; own: string; date: string },
) {
  await page.getByRole('button', { name: 'Änderung verbindlich speichern' }).click();
  await expect(page.getByText('Die Änderung ist vorgemerkt')).toBeVisible();
  await expect(page.getByText(`Sie gilt ab dem ${figures.date}.`)).toBeVisible();
  await expect(page.getByText(`Ihr neuer Beitrag: ${figures.premium}`)).toBeVisible();
  await page.getByRole('link', { name: 'Zum Vertrag', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/kunden/vertraege/${nummer}/$`));
  const entry = pendingEntry(page, change, figures.date);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(figures.own);
}

async function signInMarkus(page: Page) {
  await signInThroughApi(page, { portal: 'kunden', ...MARKUS });
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Markus confirms his revenue unchanged, learns the online limit and reports a new revenue', async ({
    page,
    visit,
  }) => {
    await signInMarkus(page);
    await visit('/kunden/vertraege/9000000201/');
    await page.getByRole('link', { name: 'Jahresumsatz melden' }).click();
    await expect(page).toHaveURL(/\/kunden\/jahresumsatz\/\?vertrag=9000000201$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jahresumsatz melden' })).toBeVisible();
    const field = page.getByRole('textbox', { name: /^Neuer Jahresumsatz/ });
    await expect(page.getByText(/Zuletzt gemeldet: 480\.000,00\sEUR/)).toBeVisible();
    await expectNoAxeViolations(page, 'Jahresumsatz melden');

    await page.getByRole('button', { name: 'Umsatz unverändert bestätigen' }).click();
    const receipt = page.getByRole('status').filter({ hasText: 'Vielen Dank für Ihre Bestätigung' });
    await expect(receipt).toContainText(
      new RegExp(`Jahresumsatz von 480\\.000,00\\sEUR am ${germanDate(new Date())} als unverändert`),
    );
    await expectNoAxeViolations(page, 'Jahresumsatz bestätigt');

    await field.fill('90.000.000');
    await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();
    await expect(page.getByRole('note').filter({ hasText: 'Online leider nicht möglich' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Änderung verbindlich speichern' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'Jahresumsatz über der Online-Grenze');

    await field.fill('410.000');
    await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();
    const figures = await previewFigures(page, 'vierteljährlich');
    await expect(page.getByText(/^Neuer Jahresumsatz: 410\.000,00\sEUR$/)).toBeVisible();
    await expectNoAxeViolations(page, 'Jahresumsatz: Vorschau');
    await saveAndSeePending(page, '9000000201', 'Jahresumsatz', figures);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Markus raises the insured sum of his contents insurance and adds a secondary business', async ({
    page,
    visit,
  }) => {
    await signInMarkus(page);

    // The insured sum first: it replaces the pending one, on a day Markus chooses.
    await visit('/kunden/vertraege/9000000203/');
    await page.getByRole('link', { name: 'Versicherungssumme ändern' }).click();
    await expect(page).toHaveURL(/\/kunden\/versicherungssumme\/\?vertrag=9000000203$/);
    await expect(page.getByText('Eine Änderung dieser Art ist schon vorgemerkt')).toBeVisible();
    await expectNoAxeViolations(page, 'Versicherungssumme ändern');
    await page.getByRole('textbox', { name: /^Neue Versicherungssumme/ }).fill('120.000');
    const day = firstOfMonthAhead();
    await page.getByRole('group', { name: 'Gültig ab' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(day.typed);
    await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();
    const sum = await previewFigures(page, 'jährlich');
    expect(sum.date).toBe(day.shown);
    await expect(page.getByLabel('Beitrag vor und nach der Änderung')).toContainText(/120\.000,00\sEUR/);
    // The preview names the pending sum it replaces; saving needs Markus's confirmation.
    const replaced = page
      .getByRole('note')
      .filter({ hasText: 'Diese Änderung ersetzt eine vorgemerkte Änderung' });
    await expect(replaced).toContainText(/Versicherungssumme: 100\.000,00 EUR ab/);
    await expectNoAxeViolations(page, 'Versicherungssumme: Vorschau');
    await page.getByRole('button', { name: 'Änderung verbindlich speichern' }).click();
    await expect(
      page.getByText('Bitte bestätigen Sie, dass die vorgemerkte Änderung ersetzt werden soll.'),
    ).toBeVisible();
    const confirm = page.getByRole('checkbox', {
      name: 'Ja, die genannte vorgemerkte Änderung soll durch diese Änderung ersetzt werden.',
    });
    await confirm.locator('xpath=ancestor::label[1]').click();
    await expect(confirm).toBeChecked();
    await saveAndSeePending(page, '9000000203', 'Versicherungssumme', sum);

    // Then the business types, from the same contract page.
    await page.getByRole('link', { name: 'Versicherte Gewerbe ändern' }).click();
    await expect(page).toHaveURL(/\/kunden\/gewerbearten\/\?vertrag=9000000203$/);
    await expect(page.getByRole('combobox', { name: /^Hauptgewerbe/ })).toHaveValue(
      'Büro (Verwaltung, Beratung, Agentur)',
    );
    await expectNoAxeViolations(page, 'Gewerbearten ändern');
    const secondary = page.getByRole('combobox', { name: /^Nebengewerbe hinzufügen/ });
    for (const [pattern, name] of [
      ['Archi', 'Architektur- und Ingenieurbüro'],
      ['Friseur', 'Friseursalon'],
    ] as const) {
      await secondary.fill(pattern);
      await page.getByRole('option', { name }).click();
      await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    }
    const list = page.getByRole('list', { name: 'Gewählte Nebengewerbe' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page, 'Gewerbearten: zwei Nebengewerbe');
    await page.getByRole('button', { name: 'Friseursalon entfernen' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Architektur- und Ingenieurbüro');
    await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();
    const gewerbe = await previewFigures(page, 'jährlich');
    await expect(
      page.getByText(
        'Hauptgewerbe: Büro (Verwaltung, Beratung, Agentur). Nebengewerbe: Architektur- und Ingenieurbüro.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'Gewerbearten: Vorschau');
    await saveAndSeePending(page, '9000000203', 'Versicherte Gewerbe', gewerbe);
    await expect(
      page.getByRole('region', { name: 'Vorgemerkte Änderungen' }).getByText(/^Versicherungssumme: .+ ab/),
    ).toHaveCount(1);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
