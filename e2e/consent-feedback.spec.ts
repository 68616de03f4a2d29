// Issue 14, the public pages around a claim, in Chromium at 375 and 1440 px, axe on every page:
// - /einwilligung/: a visitor reads the versioned text and is offered the sign-in; Jonas Becker gives
//   the consent to process health data, withdraws it (the consequences, the dialog) and gives it
//   again, each state with its date and the history. Jonas's consent is read by no other spec (he
//   has no travel contract, the only claim flow that asks health questions).
// - /feedback/:source/:score?/: a link with the score prefilled, the score changed, a comment, one
//   feedback for a double click and a German thank-you; a score outside 0–10 or an unknown source
//   is the not-found page; sending without a score is refused in German.
// - /schaden-melden/: a third party reports a liability claim against Jonas's private liability
//   contract, verified by his postcode, through to the receipt; a wrong postcode gets the very same
//   answer (nothing tells whether the contract exists) and makes no claim: Jonas sees exactly the
//   one claim of the matching report. No other spec reads Jonas's claims or Postfach.
import type { Page, Response } from '@playwright/test';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInThroughApi } from './identity-support';

const JONAS = {
  email: 'jonas.becker@example.com',
  mobile: '+4915200000103',
  phv: '9000000301',
  plz: '40233',
};

const today = todayInGermany();

function germanDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** Ticks a checkbox or chooses a radio button by its visible label (the input itself is hidden). */
async function press(page: Page, role: 'checkbox' | 'radio', name: string | RegExp): Promise<void> {
  await page
    .getByRole(role, { name, exact: typeof name === 'string' })
    .locator('xpath=ancestor::label[1]')
    .click();
}

// ---- /einwilligung/ ---------------------------------------------------------------------------

interface Wording {
  version: string;
  gueltigAb: string;
  titel: string;
  absaetze: string[];
  widerrufsfolgen: string;
}

async function currentWording(page: Page): Promise<Wording> {
  const response = await page.request.get('/api/schadenstrecke/einwilligungserklaerung');
  expect(response.status()).toBe(200);
  return (await response.json()) as Wording;
}

async function expectWording(page: Page, wording: Wording): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: wording.titel })).toBeVisible();
  await expect(
    page.getByText(`Fassung ${wording.version}, gültig ab ${germanDate(wording.gueltigAb)}`),
  ).toBeVisible();
  for (const absatz of wording.absaetze) await expect(page.getByText(absatz, { exact: true })).toBeVisible();
}

// ---- /schaden-melden/ -------------------------------------------------------------------------

const RECEIVED =
  'Vielen Dank. Ihre Meldung ist eingegangen. Sie erhalten eine Bestätigung per E-Mail an die angegebene Adresse.';

const DESCRIPTION =
  'Beim Einparken hat der Versicherungsnehmer mein Fahrrad umgestoßen, der Rahmen ist verbogen.';

async function onward(page: Page, heading: string): Promise<void> {
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Reports a neighbour's damaged bicycle against Jonas's liability contract, with this postcode. */
async function reportPublicly(
  page: Page,
  visit: (path: string) => Promise<void>,
  { plz, axe }: { plz: string; axe: boolean },
): Promise<{ response: Response; text: string }> {
  const check = async (context: string) => {
    if (axe) await expectNoAxeViolations(page, context);
  };
  await visit('/schaden-melden/');
  await expect(page.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeVisible();
  await page.getByRole('textbox', { name: /Versicherungsnummer/ }).fill(JONAS.phv);
  await press(page, 'radio', /^Postleitzahl der Versicherungsnehmerin/);
  await page.getByRole('textbox', { name: /^Postleitzahl/ }).fill(plz);
  await page
    .locator('form')
    .getByRole('button', { name: /Versicherung/ })
    .click();
  await page.getByRole('option', { name: 'Privathaftpflicht', exact: true }).click();
  await press(page, 'radio', 'Geschädigte Person');
  await page.getByRole('textbox', { name: /Ihr Name/ }).fill('Petra Nachbar');
  await page.getByRole('textbox', { name: /Ihre E-Mail-Adresse/ }).fill('petra.nachbar@example.org');
  await check('Öffentliche Schadenmeldung: Vertrag und Meldende');
  await onward(page, 'Der Schaden');

  await press(page, 'radio', 'Eine Sache wurde beschädigt');
  await page
    .getByRole('group', { name: /An welchem Tag/ })
    .getByRole('spinbutton')
    .first()
    .click();
  await page.keyboard.type(germanDate(today).replaceAll('.', ''));
  await page
    .getByRole('textbox', { name: /Wo ist der Schaden entstanden/ })
    .fill('Düsseldorf, Lindenstraße 17');
  await page.getByRole('textbox', { name: /Beschreibung/ }).fill(DESCRIPTION);
  await check('Öffentliche Schadenmeldung: Der Schaden');
  await onward(page, 'Die geschädigte Person');

  await page.getByRole('textbox', { name: /Name oder Firma/ }).fill('Petra Nachbar');
  await page.getByRole('textbox', { name: /^Straße/ }).fill('Lindenstraße');
  await page.getByRole('textbox', { name: /^Hausnummer/ }).fill('19');
  await page.getByRole('textbox', { name: /^Postleitzahl/ }).fill('40233');
  await page.getByRole('textbox', { name: /^Ort/ }).fill('Düsseldorf');
  await page.getByRole('textbox', { name: /^Telefonnummer/ }).fill('+49 211 1234567');
  await press(page, 'radio', 'Nein');
  await check('Öffentliche Schadenmeldung: Die geschädigte Person');
  await onward(page, 'Der Hergang');

  await page
    .getByRole('textbox', { name: /Wie kam es zu dem Schaden/ })
    .fill('Das Fahrrad stand vor dem Haus, der Wagen fuhr beim Einparken rückwärts dagegen.');
  await press(page, 'radio', 'Nein');
  await onward(page, 'Zeugen');
  await press(page, 'radio', 'Nein');
  await onward(page, 'Erklärung');

  await check('Öffentliche Schadenmeldung: Erklärung');
  await press(page, 'checkbox', /keine Schuld anerkannt/);
  await press(page, 'checkbox', /wahrheitsgemäß/);
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname.startsWith('/api/schadenstrecke/oeffentlich'),
  );
  await page.getByRole('button', { name: 'Schaden melden', exact: true }).click();
  const response = await answered;
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Meldung ist bei uns eingegangen' }),
  ).toBeVisible();
  const text = (
    (await page.getByRole('status').filter({ hasText: 'Vielen Dank' }).textContent()) ?? ''
  ).trim();
  await check('Öffentliche Schadenmeldung: eingegangen');
  return { response, text };
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a visitor reads the consent text with its version and is offered the sign-in', async ({
      page,
      visit,
    }) => {
      const wording = await currentWording(page);
      await visit('/einwilligung/');
      await expectWording(page, wording);
      // No state and no controls without a session; the sign-in comes back to the portal's copy.
      await expect(page.getByRole('button', { name: 'Einwilligung erteilen' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Anmelden und einwilligen' })).toHaveAttribute(
        'href',
        '/kunden/einwilligung/',
      );
    });
  });
}

// Declared before the phone's tests: the wrong postcode's report comes first, so the claim count
// at the end of the matching report shows that it made none.
test.describe('at 1440 px, the wrong cases', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a wrong postcode gets the same answer as a right one and reveals nothing', async ({
    page,
    visit,
  }) => {
    test.setTimeout(60_000);
    const { response, text } = await reportPublicly(page, visit, { plz: '10115', axe: false });
    expect(response.status()).toBe(202);
    expect(await response.json()).toEqual({ eingegangen: true, nachricht: RECEIVED });
    expect(text).toBe(RECEIVED);
    await expectNoAxeViolations(page, 'Öffentliche Schadenmeldung: eingegangen (1440 px)');
  });

  test('a score outside 0–10 or an unknown source is the not-found page', async ({ page, visit }) => {
    for (const path of ['/feedback/schaden/11/', '/feedback/schaden/-1/', '/feedback/urlaub/5/']) {
      await visit(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' }),
        path,
      ).toBeVisible();
      await expect(page.getByRole('radiogroup')).toHaveCount(0);
    }
  });

  test('feedback without a score is refused in German; a chosen score sends it', async ({ page, visit }) => {
    await visit('/feedback/nachricht/');
    const scale = page.getByRole('radiogroup', {
      name: 'Wie zufrieden waren Sie mit dem Kontakt über das Postfach?',
    });
    await expect(scale.getByRole('radio', { checked: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Feedback senden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Bitte wählen Sie eine Bewertung von 0 bis 10.');
    await expectNoAxeViolations(page, 'Feedback ohne Bewertung');
    await press(page, 'radio', '10 von 10');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Feedback senden' }).click();
    await expect(page.getByText('Vielen Dank für Ihr Feedback!')).toBeVisible();
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Jonas gives the consent, withdraws it and gives it again', async ({ page, visit }) => {
    const wording = await currentWording(page);
    await signInThroughApi(page, { portal: 'kunden', email: JONAS.email, mobile: JONAS.mobile });
    await visit('/einwilligung/');
    await expectWording(page, wording);
    const state = page.getByRole('region', { name: 'Ihr Stand' });
    await expect(state).toContainText('Sie haben bisher nicht eingewilligt.');

    // Giving needs the confirmation.
    const give = page.getByRole('button', { name: 'Einwilligung erteilen' });
    await give.click();
    await expect(page.getByText('Bitte bestätigen Sie, dass Sie einwilligen.')).toBeVisible();
    await expectNoAxeViolations(page, 'Einwilligung (Bestätigung fehlt)');
    await press(page, 'checkbox', /Ich habe den Text gelesen und willige/);
    await give.click();
    await expect(state).toContainText('Vielen Dank. Ihre Einwilligung ist gespeichert.');
    await expect(state).toContainText(
      `Sie haben am ${germanDate(today)} eingewilligt (Fassung ${wording.version}).`,
    );
    const history = page.getByRole('region', { name: 'Ihre bisherigen Einwilligungen' });
    await expect(history.getByRole('listitem')).toHaveText([
      `Fassung ${wording.version}: erteilt am ${germanDate(today)}, gilt`,
    ]);
    await expect(give).toHaveCount(0);
    await expectNoAxeViolations(page, 'Einwilligung erteilt');

    // Withdrawing shows the consequences, on the page and in the dialog that confirms it.
    const withdrawal = page.getByRole('region', { name: 'Einwilligung widerrufen' });
    await expect(withdrawal).toContainText(wording.widerrufsfolgen);
    await withdrawal.getByRole('button', { name: 'Einwilligung widerrufen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Einwilligung wirklich widerrufen?' });
    await expect(dialog).toContainText(wording.widerrufsfolgen);
    await expectNoAxeViolations(page, 'Einwilligung: Widerruf bestätigen');
    await dialog.getByRole('button', { name: 'Ja, widerrufen' }).click();
    await expect(dialog).toBeHidden();
    await expect(state).toContainText('Ihr Widerruf ist gespeichert.');
    await expect(state).toContainText(`Sie haben Ihre Einwilligung am ${germanDate(today)} widerrufen.`);
    await expect(history.getByRole('listitem')).toHaveText([
      `Fassung ${wording.version}: erteilt am ${germanDate(today)}, widerrufen am ${germanDate(today)}`,
    ]);
    await expect(withdrawal).toHaveCount(0);
    await expectNoAxeViolations(page, 'Einwilligung widerrufen');

    // Given again: a new period in the history, the withdrawn one kept; a reload shows the same.
    await press(page, 'checkbox', /Ich habe den Text gelesen und willige/);
    await give.click();
    await expect(state).toContainText(
      `Sie haben am ${germanDate(today)} eingewilligt (Fassung ${wording.version}).`,
    );
    await page.reload();
    await expect(state).toContainText(
      `Sie haben am ${germanDate(today)} eingewilligt (Fassung ${wording.version}).`,
    );
    await expect(history.getByRole('listitem')).toHaveText([
      `Fassung ${wording.version}: erteilt am ${germanDate(today)}, gilt`,
      `Fassung ${wording.version}: erteilt am ${germanDate(today)}, widerrufen am ${germanDate(today)}`,
    ]);
  });

  test('feedback from a link with a score: change it, comment, send once, thanked in German', async ({
    page,
    visit,
  }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/feedback')) {
        posts.push(request.postData() ?? '');
      }
    });
    await visit('/feedback/schaden/9/');
    await expect(page.getByRole('heading', { level: 1, name: 'Wie zufrieden sind Sie?' })).toBeVisible();
    const scale = page.getByRole('radiogroup', { name: 'Wie zufrieden waren Sie mit Ihrer Schadenmeldung?' });
    await expect(scale.getByRole('radio')).toHaveCount(11);
    await expect(scale.getByRole('radio', { name: '9 von 10' })).toBeChecked();
    await expect(page.getByText('Ihr Feedback wird anonym gespeichert.')).toBeVisible();

    await press(page, 'radio', '7 von 10');
    await expect(scale.getByRole('radio', { name: '7 von 10' })).toBeChecked();
    await expect(scale.getByRole('radio', { name: '9 von 10' })).not.toBeChecked();
    const comment = 'Die Meldung war schnell erledigt, nur die Liste der Unterlagen kam spät.';
    await page.getByRole('textbox', { name: /Ihr Kommentar/ }).fill(comment);
    await expectNoAxeViolations(page, 'Feedback (ausgefüllt)');

    // A double click sends one feedback; then the form gives way to the thanks.
    await page.getByRole('button', { name: 'Feedback senden' }).dblclick();
    await expect(page.getByText('Vielen Dank für Ihr Feedback!')).toBeVisible();
    await expect(page.getByText('Ihre Bewertung hilft uns, besser zu werden.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Feedback senden' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toBeVisible();
    expect(posts.map((body) => JSON.parse(body) as unknown)).toEqual([
      { quelle: 'schaden', bewertung: 7, kommentar: comment },
    ]);
    await expectNoAxeViolations(page, 'Feedback gesendet');
  });

  test('a third party reports a liability claim against a contract verified by postcode', async ({
    page,
    visit,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { response, text } = await reportPublicly(page, visit, { plz: JONAS.plz, axe: true });
    expect(response.status()).toBe(202);
    expect(await response.json()).toEqual({ eingegangen: true, nachricht: RECEIVED });
    expect(text).toBe(RECEIVED);

    // The report became a claim on Jonas's contract – the only one: the earlier report with a
    // wrong postcode (the test at 1440 px runs first) made none.
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const jonas = await context.newPage();
    await signInThroughApi(jonas, { portal: 'kunden', email: JONAS.email, mobile: JONAS.mobile });
    const claims = jonas.getByRole('link', { name: /^Schaden SC\d{2}-\d{7}$/ });
    await expect
      .poll(async () => {
        await jonas.goto('/kunden/schaeden/');
        await expect(jonas.getByRole('heading', { level: 1, name: 'Schäden' })).toBeVisible();
        return claims.count();
      })
      .toBeGreaterThan(0);
    await expect(claims).toHaveCount(1);
    await claims.click();
    await expect(jonas.getByRole('definition').filter({ hasText: JONAS.phv })).toBeVisible();
    await expect(jonas.getByRole('region', { name: 'Ihre Angaben' })).toContainText(DESCRIPTION);
    await expectNoAxeViolations(jonas, 'Schaden aus der öffentlichen Meldung');
    await context.close();
  });
});
