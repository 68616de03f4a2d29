// Contract transfer (issue 15, ADR 0035) with the demo agency: the agency moves the Weber
// Digitalagentur's first-generation BHV (9000000291, looked after by its sub-agent Wolf) into the
// new tariff after comparing the premiums; and moves Sophie Lehmann's bicycle contract (9000000402: no
// other spec uses it; Anna's contracts belong to the termination and claims specs) to a new
// person, who confirms by the e-mailed link with a SEPA mandate for a day a week ahead: the change
// waits for that day (the contract stays Sophie's). Axe on every page at both widths.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { DevOutbox, signInThroughApi } from './identity-support';

const HAUPTAGENTUR = { email: 'claudia.krueger@example.com', mobile: '+4915200000201' };

function germanDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}${pad(date.getMonth() + 1)}${date.getFullYear()}`;
}

async function typeDate(page: Page, group: RegExp, date: Date): Promise<void> {
  await page.getByRole('group', { name: group }).getByRole('spinbutton').first().click();
  await page.keyboard.type(germanDate(date));
}

test.describe('BHV tariff change at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the agency compares the premiums and moves the sub-agent’s BHV_1 into the new tariff', async ({
    page,
    visit,
  }) => {
    await visit('/betriebshaftpflicht/wechsel/');
    await expect(
      page.getByRole('heading', { level: 1, name: /neuen Betriebshaftpflicht-Tarif/ }),
    ).toBeVisible();
    await visit('/hausrat/wechsel/');
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();

    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/betriebshaftpflicht/wechsel/?vertrag=9000000291');
    const table = page.getByRole('table', { name: /Beitrag je Zahlweise/ });
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('row', { name: /vierteljährlich \(Ihre Zahlweise\)/ })).toBeVisible();
    await expect(page.getByText(/endet mit Ablauf des \d\d\.\d\d\.\d{4} \(24:00 Uhr\)/)).toBeVisible();

    await page.getByRole('button', { name: 'Verbindlich in den neuen Tarif wechseln' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Der Tarifwechsel ist abgeschlossen' }),
    ).toBeVisible();
    await expect(page.getByText(/Der neue Vertrag 7\d{9} beginnt am/)).toBeVisible();
    await expectNoAxeViolations(page, 'tariff change done');
  });
});

test.describe('Contract holder change at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the agency starts a holder change, the new holder confirms with a SEPA mandate', async ({
    page,
    context,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/vertraege/details/9000000402/inhaberwechsel/');
    await expect(page.getByRole('heading', { level: 1, name: 'Versicherungsnehmer wechseln' })).toBeVisible();
    await expect(page.getByText('Sophie Lehmann', { exact: true })).toBeVisible();

    const newHolder = `lena.neu.${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: 'Vorname' }).fill('Lena');
    await page.getByRole('textbox', { name: 'Nachname' }).fill('Neu');
    await typeDate(page, /Geburtsdatum/, new Date(1990, 4, 17));
    await page.getByRole('textbox', { name: 'Straße' }).fill('Domstraße');
    await page.getByRole('textbox', { name: 'Hausnummer' }).fill('4');
    await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('50668');
    await page.getByRole('textbox', { name: 'Ort' }).fill('Köln');
    await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(newHolder);
    // A week ahead: the confirmation is kept and the contract moves on that day (the daily job).
    const wirksamAb = new Date(Date.now() + 7 * 86_400_000);
    const wirksamAbText = germanDate(wirksamAb).replace(/^(\d\d)(\d\d)/, '$1.$2.');
    await typeDate(page, /Wechsel gilt ab/, wirksamAb);
    const outbox = await DevOutbox.open(context);
    const seen = await outbox.count(newHolder);
    await page.getByRole('button', { name: 'Link zur Bestätigung senden' }).click();
    await expect(page.getByText('Wartet auf Bestätigung')).toBeVisible();
    await expectNoAxeViolations(page, 'holder change waiting');

    const link = await outbox.link(newHolder, seen);
    await outbox.close();
    expect(link).toMatch(/^\/inhaberwechsel\/bestaetigen\/\?token=/);
    await visit(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Vertragsübernahme bestätigen' })).toBeVisible();
    await page.getByRole('textbox', { name: /IBAN/ }).fill('DE62370400440532013001');
    await page.getByRole('textbox', { name: /Kontoinhaber/ }).fill('Lena Neu');
    await page.getByRole('button', { name: 'Übernahme verbindlich bestätigen' }).click();
    await expect(page.getByText('Bitte erteilen Sie das SEPA-Lastschriftmandat.')).toBeVisible();
    await page.getByRole('checkbox').locator('xpath=ancestor::label[1]').click();
    await page.getByRole('button', { name: 'Übernahme verbindlich bestätigen' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung' }),
    ).toBeVisible();
    await expect(
      page.getByText(`Ihre Bestätigung ist eingegangen. Der Vertrag geht am ${wirksamAbText} auf Sie über.`),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'holder change confirmed');

    // The agency sees it confirmed and waiting for its day; Sophie keeps the contract until then.
    await visit('/vermittler/vertraege/details/9000000402/inhaberwechsel/');
    await expect(page.getByText(`Bestätigt – wirksam ab ${wirksamAbText}`)).toBeVisible();
    await expect(page.getByText('Sophie Lehmann', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'holder change confirmed, waiting for its day');
  });
});
