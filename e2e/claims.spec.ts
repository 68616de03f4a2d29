// Issue 14, screens 1-3 in Chromium, axe on each claims page at 375 px:
// - On a 375 px phone: Anna reports the theft of her bicycle through every page of the wizard (the
//   frame number comes from her contract), uploads a photo (PNG) and a PDF for the checklist, sends
//   and finds the claim with its number in 'Schäden' and its details (tracker, documents).
// - At 1440 px: a claim for each other product (Anna: private and pet liability, contents, travel;
//   Weber Digital: business liability, financial loss liability, contents of the premises) with the
//   minimum answers, taken up on the declaration page, each seen in 'Schäden' with its number.
// - The public report at 375 px: the first page refuses missing answers in German.
import type { Page } from '@playwright/test';
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { initialWizardState, reduceWizard } from '@schirm/domain/application/wizard-state';
import { createClaimFlow } from '@schirm/domain/claims/flows';
import type { ClaimProduct } from '@schirm/domain/claims/products';
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, signInThroughApi } from './identity-support';

test.describe.configure({ timeout: 90_000 });

const WEBER = { email: 'markus.weber@example.com', mobile: '+4915200000102' };

function germanDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
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
  await expect(page).toHaveURL(new RegExp(`/kunden/schaden-melden/[a-z]+/\\d+/${step}/$`));
  // The portal moves focus to the new page's main area (root-route.tsx), where its heading comes first.
  await expect(page.locator('#main-content')).toBeFocused();
}

/** A 1×1 PNG and a one-page PDF, as a phone's photo and a scanned receipt. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The report link and contract number of the first contract of a product on 'Schaden melden'. */
async function reportOf(
  page: Page,
  produkt: ClaimProduct,
): Promise<{ href: string; vertragsnummer: string }> {
  await page.goto('/kunden/schaden-melden/');
  const link = page.locator(`a[href^="/kunden/schaden-melden/${produkt}/"]`).first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  const card = link.locator('xpath=ancestor::li[1]');
  const vertragsnummer = /Vertrag (\d{9,10})/.exec((await card.textContent()) ?? '')![1]!;
  return { href, vertragsnummer };
}

const today = todayInGermany();
const text = (what: string) => `${what} – ausführlich beschrieben für die Schadenmeldung.`;

/** The minimum answers of each product up to the declaration. */
const MINIMUM: Record<Exclude<ClaimProduct, 'fahrrad'>, FlowAnswers> = (() => {
  const liability = (schadenart: string, extra: Record<string, unknown> = {}): FlowAnswers => ({
    schaden: {
      schadenart,
      schadentag: today,
      schadenort: 'Köln, Venloer Straße 241',
      beschreibung: text('Der Schaden'),
    },
    geschaedigter: {
      name: 'Petra Nachbar',
      strasse: 'Venloer Straße',
      hausnummer: '243',
      plz: '50823',
      ort: 'Köln',
      telefon: '+49 221 1234567',
      angehoerig: 'NEIN',
    },
    hergang: { hergang: text('Der Hergang'), forderung: 'NEIN', ...extra },
    zeugen: { zeugenVorhanden: 'NEIN' },
  });
  const contents = (): FlowAnswers => ({
    schaden: {
      schadenart: 'LEITUNGSWASSER',
      schadentag: today,
      schadenort: 'In der Wohnung',
      beschreibung: text('Ein Rohr'),
    },
    gegenstaende: { gegenstaende: [{ bezeichnung: 'Teppich, Wolle, 2 × 3 m', wertCents: 45_000 }] },
  });
  return {
    phv: liability('SACHSCHADEN'),
    thv: liability('SACHSCHADEN', { tier: 'Bello, Labrador' }),
    bhv: liability('SACHSCHADEN'),
    vh: liability('BERATUNGSFEHLER'),
    hausrat: contents(),
    si: contents(),
    reise: {
      schaden: {
        schadenart: 'RUECKTRITT',
        schadentag: today,
        schadenort: 'Köln',
        beschreibung: text('Die Absage'),
      },
      reise: {
        reiseziel: 'Lissabon',
        veranstalter: 'Reisebüro am Dom',
        buchungsdatum: addDays(today, -60),
        reisebeginn: addDays(today, 20),
        reiseende: addDays(today, 27),
        reisepreisCents: 180_000,
      },
      storno: { grund: 'SONSTIGES', stornoDatum: today, kostenCents: 36_000 },
    },
  };
})();

/**
 * Puts a report with these answers into the tab's storage at the declaration, as after its pages
 * (each page of the flows is walked through in the bicycle journey and the web tests), then sends it.
 */
async function reportWithMinimumAnswers(
  page: Page,
  produkt: Exclude<ClaimProduct, 'fahrrad'>,
): Promise<string> {
  const { href, vertragsnummer } = await reportOf(page, produkt);
  const flow = createClaimFlow(produkt, {
    today,
    vertragsbeginn: '2000-01-01',
    gesundheitsEinwilligung: false,
  });
  let wizard = initialWizardState(flow, {
    productName: produkt,
    productKey: flow.productKey,
    channel: 'antrag',
    baseRoute: href.replace(/\/$/, ''),
  });
  for (const [stepId, values] of Object.entries(MINIMUM[produkt])) {
    const outcome = reduceWizard(flow, wizard, { type: 'answer', stepId, values });
    if (!outcome.ok) throw new Error(`${produkt} ${stepId}: ${outcome.refusal.message}`);
    wizard = outcome.state;
  }
  const stored = { version: 1, produkt, wizard: { ...wizard, currentStep: 'erklaerung' }, uploads: [] };
  await page.evaluate(
    ([key, value]) => sessionStorage.setItem(key!, value!),
    [`schirm.schaden.${vertragsnummer}`, JSON.stringify(stored)],
  );
  await page.goto(`${href}erklaerung/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Erklärung' })).toBeVisible();
  if (await page.getByRole('checkbox', { name: /keine Schuld anerkannt/ }).count()) {
    await tick(page, /keine Schuld anerkannt/);
  }
  await tick(page, /wahrheitsgemäß/);
  await page.getByRole('button', { name: 'Schaden melden', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Schaden ist gemeldet' })).toBeVisible();
  const number = /Ihre Schadennummer: (SC\d{2}-\d{7})/.exec(
    (await page.getByText(/Ihre Schadennummer:/).textContent()) ?? '',
  )![1]!;
  return number;
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('report a bicycle theft with a photo and a PDF, then follow it in Schäden', async ({ page }) => {
    await signInThroughApi(page, { portal: 'kunden', email: DEMO.anna.email, mobile: DEMO.anna.mobile });
    await page.goto('/kunden/');

    // The navigation leads to the choice of the contract.
    await page.locator('nav a[href="/kunden/schaden-melden/"]').filter({ visible: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeVisible();
    await expectNoAxeViolations(page, 'Schaden melden: Vertrag wählen');
    await page.locator('a[href^="/kunden/schaden-melden/fahrrad/"]').first().click();

    await expect(page.getByRole('heading', { level: 1, name: 'Der Schaden' })).toBeVisible();
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await expect(page.getByText('Bitte beschreiben Sie, was passiert ist.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'Schaden melden: Der Schaden (mit Fehlern)');
    await choose(page, 'Das Fahrrad wurde gestohlen');
    await typeDate(page, /An welchem Tag/, today);
    await page
      .getByRole('textbox', { name: /Wo ist der Schaden entstanden/ })
      .fill('Köln, vor dem Hauptbahnhof');
    await page
      .getByRole('textbox', { name: /Beschreibung/ })
      .fill('Mein E-Bike stand angeschlossen am Fahrradständer und war am Abend verschwunden.');
    await onward(page, 'diebstahl');

    // The frame number comes from the contract, to confirm.
    await expect(page.getByRole('textbox', { name: /Rahmennummer/ })).not.toHaveValue('');
    await expectNoAxeViolations(page, 'Schaden melden: Fahrrad und Schloss');
    await choose(page, 'Bügelschloss');
    await page
      .getByRole('radiogroup', { name: /an einem festen Gegenstand/ })
      .getByRole('radio', { name: 'Ja' })
      .locator('xpath=ancestor::label[1]')
      .click();
    await page
      .getByRole('radiogroup', { name: /Kaufbeleg/ })
      .getByRole('radio', { name: 'Ja' })
      .locator('xpath=ancestor::label[1]')
      .click();
    await onward(page, 'polizei');

    await expectNoAxeViolations(page, 'Schaden melden: Polizei');
    await page.getByRole('textbox', { name: /Polizeidienststelle/ }).fill('Polizeiinspektion Köln-Mitte');
    await page.getByRole('textbox', { name: /Aktenzeichen/ }).fill('KM-2026-4711');
    await typeDate(page, /Tag der Anzeige/, today);
    await onward(page, 'erklaerung');

    // The checklist: the police report due at once, the receipt within two weeks.
    const checklist = page.getByRole('region', { name: 'Ihre Unterlagen' });
    const police = checklist.locator('li', {
      has: page.getByRole('heading', { name: 'Bestätigung der polizeilichen Anzeige' }),
    });
    await expect(police).toContainText(`Fehlt noch · Frist: sofort (${germanDate(today)})`);
    await expectNoAxeViolations(page, 'Schaden melden: Erklärung und Unterlagen');
    await police
      .locator('input[type="file"]')
      .setInputFiles({ name: 'anzeige-foto.png', mimeType: 'image/png', buffer: PNG });
    await expect(police).toContainText('anzeige-foto.png');
    await expect(police).toContainText('Hochgeladen');
    const receipt = checklist.locator('li', {
      has: page.getByRole('heading', { name: 'Kaufbeleg des Fahrrads' }),
    });
    await receipt
      .locator('input[type="file"]')
      .setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(receipt).toContainText('rechnung.pdf');

    await tick(page, /wahrheitsgemäß/);
    // A double click sends one report.
    await page.getByRole('button', { name: 'Schaden melden', exact: true }).dblclick();
    await expect(page.getByRole('heading', { level: 1, name: 'Ihr Schaden ist gemeldet' })).toBeVisible();
    const number = /SC\d{2}-\d{7}/.exec(
      (await page.getByText(/Ihre Schadennummer:/).textContent()) ?? '',
    )![0];
    await expectNoAxeViolations(page, 'Schaden gemeldet');
    // A reload shows the confirmation again, never a second claim.
    await page.reload();
    await expect(page.getByText(`Ihre Schadennummer: ${number}`)).toBeVisible();

    await page.getByRole('link', { name: `Schaden ${number} ansehen` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Schaden ${number}` })).toBeVisible();
    const tracker = page.getByRole('region', { name: 'Stand Ihres Schadens' });
    await expect(tracker.locator('[aria-current="step"]')).toContainText('Gemeldet');
    await expect(page.getByRole('region', { name: 'Unterlagen' })).toBeVisible();
    await expectNoAxeViolations(page, 'Schaden: Details');

    await page.goto('/kunden/schaeden/');
    await expect(page.getByRole('link', { name: `Schaden ${number}` })).toHaveCount(1);
    await expectNoAxeViolations(page, 'Schäden');
  });

  test('the public report asks for the contract and the claimant in German', async ({ page, visit }) => {
    await visit('/schaden-melden/');
    await expect(page.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeVisible();
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await expect(
      page.getByText('Bitte geben Sie die Versicherungsnummer mit 9 oder 10 Ziffern an.'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'Öffentliche Schadenmeldung (mit Fehlern)');
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const [person, login, products] of [
    ['Anna', DEMO.anna, ['phv', 'thv', 'hausrat', 'reise']],
    ['Weber Digital', WEBER, ['bhv', 'vh', 'si']],
  ] as const) {
    test(`${person}: a claim for each product, each in Schäden with its number`, async ({ page }) => {
      await signInThroughApi(page, { portal: 'kunden', email: login.email, mobile: login.mobile });
      const numbers: string[] = [];
      for (const produkt of products) numbers.push(await reportWithMinimumAnswers(page, produkt));
      await page.goto('/kunden/schaeden/');
      for (const number of numbers) {
        await expect(page.getByRole('link', { name: `Schaden ${number}` })).toBeVisible();
      }
    });
  }
});

// ---- the clerk part of the bar (with the CLERK helper's /innendienst screens) ---------------------

const CLERK = { email: 'petra.vogel@example.com', mobile: '+4915200000301' };

test.describe('with the clerk', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 150_000 });

  test('the clerk takes the claim, moves it on and asks for a document; the customer sees both, uploads it and writes back', async ({
    browser,
  }) => {
    // Weber Digital reports a claim through the wizard.
    const customerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const customer = await customerContext.newPage();
    await signInThroughApi(customer, { portal: 'kunden', email: WEBER.email, mobile: WEBER.mobile });
    const number = await reportWithMinimumAnswers(customer, 'si');
    const claimHref = (await customer
      .getByRole('link', { name: `Schaden ${number} ansehen` })
      .getAttribute('href'))!;

    // The clerk moves it on and asks for a document.
    const clerkContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const clerk = await clerkContext.newPage();
    // The clerk's sign-in page is the subject of clerk.spec.ts.
    await signInThroughApi(clerk, { portal: 'innendienst', email: CLERK.email, mobile: CLERK.mobile });
    await clerk.goto('/innendienst/');
    await clerk.getByRole('link', { name: new RegExp(`^${number} · `) }).click();
    await expect(clerk.getByRole('heading', { level: 1, name: `Schaden ${number}` })).toBeVisible();
    // She takes the claim first (Sachbearbeitung): colleagues see her name from now on.
    await clerk.getByRole('button', { name: 'Schaden übernehmen' }).click();
    await expect(clerk.getByText('Sie bearbeiten diesen Schaden jetzt.')).toBeVisible();
    await expect(clerk.getByRole('button', { name: 'Schaden abgeben' })).toBeVisible();
    await clerk.getByRole('button', { name: 'Status ändern' }).click();
    await expect(clerk.getByText(/Der Status ist jetzt „Deckung geprüft“/)).toBeVisible();
    await clerk.getByRole('textbox', { name: /Welche Unterlage/ }).fill('Foto des Wasserschadens');
    await clerk.getByRole('button', { name: 'Unterlage anfordern' }).click();
    await expect(clerk.getByText(/„Foto des Wasserschadens“ ist angefordert/)).toBeVisible();
    await clerkContext.close();

    // The customer sees the new state and the request, uploads the photo and writes to the clerk.
    await customer.goto(claimHref);
    const tracker = customer.getByRole('region', { name: 'Stand Ihres Schadens' });
    await expect(tracker.locator('[aria-current="step"]')).toContainText('Deckung geprüft');
    const request = customer
      .getByRole('region', { name: 'Unterlagen' })
      .locator('li', { has: customer.getByRole('heading', { name: 'Foto des Wasserschadens' }) });
    await expect(request).toContainText('Fehlt noch');
    await expectNoAxeViolations(customer, 'Schaden mit angeforderter Unterlage');
    await request
      .locator('input[type="file"]')
      .setInputFiles({ name: 'wasser.png', mimeType: 'image/png', buffer: PNG });
    await expect(customer.getByRole('region', { name: 'Unterlagen' })).toContainText('Eingereicht');
    await expect(customer.getByRole('region', { name: 'Unterlagen' })).toContainText('wasser.png');
    const conversation = customer.getByRole('region', { name: 'Nachrichten zu diesem Schaden' });
    await conversation.getByRole('textbox').fill('Das Foto ist hochgeladen. Brauchen Sie noch etwas?');
    await conversation.getByRole('button', { name: /senden/i }).click();
    await expect(conversation.getByText('Das Foto ist hochgeladen. Brauchen Sie noch etwas?')).toBeVisible();

    // The clerk's changes reached the Postfach.
    await customer.goto('/kunden/postfach/eingang/');
    await expect(customer.getByRole('link', { name: new RegExp(number) }).first()).toBeVisible();
    await customerContext.close();
  });
});
