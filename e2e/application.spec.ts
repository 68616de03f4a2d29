// Issue 13 bars in Chromium, axe on every page:
// - On a 375 px phone: from the start page to a bicycle contract, with a reload, the back button and
//   a double click on the way; the pre-contract documents arrive by e-mail before the declaration;
//   the registration link of the policy e-mail leads into the customer portal, where the contract
//   shows the premium offered.
// - At 1440 px: every other product (and motor) from a saved draft (the link its e-mail carries)
//   through each of its pages to the confirmation.
import { germanDate } from './application-support';
import { expect, test, expectNoAxeViolations } from './fixtures';
import { DevOutbox, signIn } from './identity-support';
import { PRODUCT_APPLICATIONS } from '@schirm/domain/application/applications';
import { SAMPLE_APPLICATIONS, SAMPLE_DAY } from '@schirm/domain/application/flows/samples.test-helper';
import { applicationBaseRoute } from '@schirm/domain/application/product-application';
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { Page } from '@playwright/test';

// A whole application is many pages, each checked by axe; the journey adds SRP sign-in.
test.describe.configure({ timeout: 240_000 });

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Steps every product shares (common-steps.ts): axe-checked once, in the bicycle journey. */
const SHARED_STEPS = ['beginn', 'person', 'adresse', 'sepa', 'beratungsverzicht'];

/** Days between two calendar dates. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** The sample answers moved from the sample's day to today: every date keeps its distance. */
function shiftDates<T>(value: T, days: number): T {
  if (typeof value === 'string' && DAY.test(value)) return addDays(value, days) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => shiftDates(item, days)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, shiftDates(inner, days)]),
    ) as T;
  }
  return value;
}

async function choose(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('radio', { name }).locator('xpath=ancestor::label[1]').click();
}

async function tick(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('checkbox', { name }).locator('xpath=ancestor::label[1]').click();
}

async function typeDate(page: Page, group: RegExp, day: string): Promise<void> {
  await page.getByRole('group', { name: group }).getByRole('spinbutton').first().click();
  await page.keyboard.type(germanDate(day).replaceAll('.', ''));
}

async function onward(page: Page, step: string): Promise<void> {
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/antrag/${step}/$`));
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('buy a bicycle insurance from the start page, register and find it in the customer portal', async ({
    page,
    context,
    visit,
  }) => {
    const outbox = await DevOutbox.open(context);
    const email = 'online.kundin@example.com';
    const mobile = '+4915200000555';
    const today = todayInGermany();

    await visit('/');
    await page
      .getByRole('link', { name: /Fahrrad/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/fahrrad\/antrag\/fahrrad\/$/);
    await expect(page.getByText('Schritt 1 von 9')).toBeVisible();
    await expectNoAxeViolations(page, 'Fahrrad: Ihr Fahrrad');

    // A wrong page is refused in German before it goes anywhere.
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await expect(page.getByRole('alert').first()).toContainText(/Bitte/);
    await expect(page).toHaveURL(/\/fahrrad\/antrag\/fahrrad\/$/);

    await choose(page, 'E-Bike / Pedelec');
    await choose(page, /Anderes Rad/);
    await page.getByRole('combobox', { name: /Hersteller/ }).fill('Riese');
    await page.getByRole('option', { name: /Riese/ }).first().click();
    await page.getByRole('textbox', { name: /Kaufpreis/ }).fill('4.500');
    await typeDate(page, /Kaufdatum/, addDays(today, -60));
    await choose(page, 'Neu gekauft');
    await onward(page, 'tarif');

    // The comparison with live prices; Komfort is the recommendation.
    const komfort = page.getByRole('cell', { name: /EUR monatlich/ }).nth(1);
    await expect(komfort).toBeVisible();
    const offered = ((await komfort.textContent()) ?? '').match(/\d+,\d\d EUR/)?.[0] ?? '';
    expect(offered).toMatch(/^\d+,\d\d EUR$/);
    await expectNoAxeViolations(page, 'Fahrrad: Tarif wählen');
    await choose(page, /Komfort/);
    await onward(page, 'beginn');
    await typeDate(page, /Versicherungsbeginn/, addDays(today, 1));
    await choose(page, 'monatlich');
    await expectNoAxeViolations(page, 'Fahrrad: Beginn');
    await onward(page, 'person');

    // A reload keeps the answers; the back button leads to the page before.
    await page.getByRole('textbox', { name: /Vorname/ }).fill('Olivia');
    await page.getByRole('textbox', { name: /Nachname/ }).fill('Online');
    await typeDate(page, /Geburtsdatum/, '1990-05-17');
    await page.getByRole('textbox', { name: /E-Mail/ }).fill(email);
    await page.reload();
    await expect(page.getByRole('textbox', { name: /Nachname/ })).toHaveValue('Online');
    await page.goBack();
    await expect(page).toHaveURL(/\/fahrrad\/antrag\/beginn\/$/);
    await page.goForward();
    await expect(page.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Olivia');
    await expectNoAxeViolations(page, 'Fahrrad: Person');
    await onward(page, 'adresse');
    await page.getByRole('textbox', { name: /Straße/ }).fill('Hauptstraße');
    await page.getByRole('textbox', { name: /Hausnummer/ }).fill('12a');
    await page.getByRole('textbox', { name: /Postleitzahl/ }).fill('10115');
    await page.getByRole('textbox', { name: /^Ort/ }).fill('Berlin');
    await onward(page, 'sepa');
    await page.getByRole('textbox', { name: /Kontoinhaber/ }).fill('Olivia Online');
    await page.getByRole('textbox', { name: /IBAN/ }).fill('DE44500105175407324931');
    await tick(page, /SEPA-Lastschriftmandat/);
    await expectNoAxeViolations(page, 'Fahrrad: SEPA');
    await onward(page, 'beratungsverzicht');
    await expect(page.getByText(/§ 6 Abs. 5 VVG/)).toBeVisible();
    await tick(page, /verzichte/);

    // The documents step: the offer with the same premium, the documents sent before the declaration.
    const mailsBefore = await outbox.count(email);
    await onward(page, 'dokumente');
    await expect(
      page.getByText(`Wir haben Ihnen die Vertragsinformationen an ${email} gesendet`),
    ).toBeVisible();
    await expect(page.getByText(offered).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Produktinformationsblatt \(IPID\)/ })).toBeVisible();
    await expect.poll(() => outbox.count(email)).toBe(mailsBefore + 1);
    await expectNoAxeViolations(page, 'Fahrrad: Vertragsinformationen');
    await onward(page, 'erklaerung');
    await tick(page, /verbindlich/);
    await expectNoAxeViolations(page, 'Fahrrad: Erklärung');

    // A double click makes one contract.
    const applications: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/taa/fahrrad2/antrag')) applications.push(response.status());
    });
    await page.getByRole('button', { name: 'Antrag verbindlich stellen' }).dblclick();
    await expect(
      page.getByRole('heading', { name: 'Vielen Dank, Ihr Vertrag ist abgeschlossen' }),
    ).toBeVisible();
    expect(applications.filter((status) => status === 201)).toHaveLength(1);
    const number =
      (await page.locator('dt:has-text("Versicherungsnummer") + dd').textContent())?.trim() ?? '';
    expect(number).toMatch(/^7\d{9}$/);
    await expect(page.getByText(`${offered} monatlich`)).toBeVisible();
    await expectNoAxeViolations(page, 'Fahrrad: Bestätigung');

    // The registration link of the policy e-mail: password, mobile number, TAN.
    await visit(await outbox.link(email, mailsBefore + 1));
    await expect(page.getByRole('heading', { name: 'Passwort und Handynummer festlegen' })).toBeVisible();
    const password = 'Olivia-Schirm-2026?';
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Handynummer' }).fill(mobile);
    const smsBefore = await outbox.count(mobile);
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByRole('textbox', { name: 'Code aus der SMS' }).fill(await outbox.code(mobile, smsBefore));
    await page.getByRole('button', { name: 'Zugang aktivieren' }).click();
    await expect(page.getByRole('heading', { name: 'Ihr Zugang ist eingerichtet' })).toBeVisible();
    await page.getByRole('link', { name: 'Jetzt anmelden' }).click();
    await signIn(page, outbox, { portal: 'kunden', email, password, mobile });

    // The contract is there at once, with the premium offered.
    await page.goto(`/kunden/vertraege/${number}/`);
    await expect(page.getByRole('heading', { level: 1, name: /Fahrrad/ })).toBeVisible();
    await expect(page.getByText(offered).first()).toBeVisible();
    await outbox.close();
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  const shift = daysBetween(SAMPLE_DAY, todayInGermany());
  const products = Object.values(PRODUCT_APPLICATIONS).filter(
    (application) => application.slug !== 'fahrrad',
  );

  // In `npm test` (15 minutes on two cores) motor and business liability, whose pages differ most
  // from the bicycle journey at 375 px; every product with `npm run test:e2e` (@erweitert).
  const inEveryRun = new Set(['kfz', 'betriebshaftpflicht']);
  for (const application of products) {
    const tag = inEveryRun.has(application.slug) ? '' : ' @erweitert';
    test(`${application.name}: every page from a saved draft to the confirmation${tag}`, async ({
      page,
      request,
    }) => {
      const { erklaerung: _erklaerung, ...answers } = shiftDates(
        SAMPLE_APPLICATIONS[application.slug],
        shift,
      );
      const email = `draft.${application.slug}@example.com`;
      const firstStep = Object.keys(answers)[0] ?? '';
      const saved = await request.post('/api/taa/entwuerfe', {
        data: { produkt: application.slug, antworten: answers, schritt: firstStep, email },
      });
      expect(saved.status()).toBe(201);
      const { entwurfId } = (await saved.json()) as { entwurfId: string };

      await page.goto(`${applicationBaseRoute(application)}${firstStep}/?savedDraftId=${entwurfId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Each page of the path, prefilled from the draft, axe-checked, then on with 'Weiter'.
      for (let pageCount = 0; pageCount < 20; pageCount += 1) {
        const path = new URL(page.url()).pathname;
        if (path.endsWith('/erklaerung/')) break;
        if (path.endsWith('/dokumente/')) {
          await expect(
            page.getByText(/Wir haben Ihnen die Vertragsinformationen an \S+@\S+ gesendet/),
          ).toBeVisible();
        }
        // The shared pages are checked in the bicycle journey; here the product's own pages.
        if (!SHARED_STEPS.some((shared) => path.endsWith(`/${shared}/`))) {
          await expectNoAxeViolations(page, `${application.name}: ${path}`);
        }
        await page.getByRole('button', { name: 'Weiter', exact: true }).click();
        await expect(page).not.toHaveURL(path);
      }
      await tick(page, /verbindlich/);
      await page.getByRole('button', { name: 'Antrag verbindlich stellen' }).click();
      await expect(
        page.getByRole('heading', { name: 'Vielen Dank, Ihr Vertrag ist abgeschlossen' }),
      ).toBeVisible();
      await expect(page.locator('dt:has-text("Versicherungsnummer") + dd')).toHaveText(/^7\d{9}$/);
    });
  }
});
