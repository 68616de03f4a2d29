// Issue 14 part 7 in Chromium, axe on each clerk page at 375 px: Anna reports a claim and writes to
// the insurer; the demo clerk signs in at /innendienst/login/ (password, SMS TAN), finds both in the
// Eingang, moves the claim on, asks for a document and answers the message; Anna's claim tracker then
// shows the new state and the requested document, and the answer waits in her Postfach.
import type { Page } from '@playwright/test';
import { claimSample } from '@schirm/domain/claims/samples.test-helper';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, DevOutbox, signInThroughApi } from './identity-support';

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 120_000 });

const CLERK = { email: 'petra.vogel@example.com', mobile: '+4915200000301' };
const ANNA_PHV = '9000000101';

/** The signed-in page's own API call with a fresh access token (the refresh cookie is the page's). */
async function callApi(
  page: Page,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const refreshed = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
      const { accessToken } = (await refreshed.json()) as { accessToken: string };
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body, headers },
  );
}

// @erweitert (`npm run test:e2e` only): the bar's journey (the clerk moves a claim on and asks for a
// document, the customer uploads it) runs in e2e/claims.spec.ts within `npm test`; this one adds the
// answered Kontakt message, which the server tests of modules/clerk also cover.
test('the clerk moves a claim on, asks for a document and answers a message; Anna sees each @erweitert', async ({
  browser,
}) => {
  const stamp = Date.now();
  const subject = `Frage an den Innendienst ${stamp}`;

  // Anna: a claim (through the claims API the wizard uses) and a message from the Kontakt page.
  const annaContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const anna = await annaContext.newPage();
  await signInThroughApi(anna, { portal: 'kunden', email: DEMO.anna.email, mobile: DEMO.anna.mobile });
  // callApi fetches from the page: it needs the portal's origin, and the page's own session restore
  // (a refresh) must be done before callApi's refresh rotates the cookie.
  await anna.goto('/kunden/');
  await expect(anna.getByRole('heading', { level: 1, name: /^Willkommen/ })).toBeVisible();
  const report = await callApi(
    anna,
    'POST',
    `/api/schadenstrecke/schaden/v2/${ANNA_PHV}`,
    { produkt: 'phv', antworten: claimSample('phv', todayInGermany()) },
    { 'idempotency-key': `e2e-clerk-${stamp}` },
  );
  expect(report.status, JSON.stringify(report.body)).toBe(201);
  const schadennummer = String(report.body['schadennummer']);
  const sent = await callApi(anna, 'POST', '/api/nachricht/nachricht/', {
    thema: 'VERTRAG',
    versicherungsNummer: ANNA_PHV,
    betreff: subject,
    html: '<p>Ist mein Fahrrad auch im Urlaub versichert?</p>',
  });
  expect(sent.status).toBe(201);
  await annaContext.close();

  // The clerk signs in with password and SMS TAN.
  const clerkContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await clerkContext.newPage();
  const outbox = await DevOutbox.open(clerkContext);
  await page.goto('/innendienst/login/');
  await expectNoAxeViolations(page, 'Innendienst: Anmeldung');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(CLERK.email);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  const seen = await outbox.count(CLERK.mobile);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('textbox', { name: 'Code aus der SMS' }).fill(await outbox.code(CLERK.mobile, seen));
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Eingang' })).toBeVisible();
  await outbox.close();

  // Eingang: the message (unanswered) and the new claim.
  await expect(page.getByRole('link', { name: subject })).toBeVisible();
  const claimLink = page.getByRole('link', { name: new RegExp(`^${schadennummer} · Privathaftpflicht`) });
  await expect(claimLink).toBeVisible();
  await expectNoAxeViolations(page, 'Innendienst: Eingang');

  // Schaden: move it on, then ask for a document.
  await claimLink.click();
  await expect(page.getByRole('heading', { level: 1, name: `Schaden ${schadennummer}` })).toBeVisible();
  await expectNoAxeViolations(page, 'Innendienst: Schaden');
  await page.getByRole('button', { name: 'Status ändern' }).click();
  await expect(
    page.getByText('Der Status ist jetzt „Deckung geprüft“. Der Kunde wurde benachrichtigt.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: /Welche Unterlage/ }).fill('Kostenvoranschlag Glaserei');
  await page.getByRole('button', { name: 'Unterlage anfordern' }).click();
  await expect(
    page.getByText('Die Unterlage „Kostenvoranschlag Glaserei“ ist angefordert.', { exact: false }),
  ).toBeVisible();

  // Nachricht beantworten.
  await page.getByRole('link', { name: 'Zurück zum Eingang' }).click();
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expectNoAxeViolations(page, 'Innendienst: Nachricht');
  await page
    .getByRole('textbox', { name: /Ihre Antwort/ })
    .fill('Ja, Ihr Fahrrad ist auch auf Reisen versichert.');
  await page.getByRole('button', { name: 'Antwort senden' }).click();
  await expect(page.getByText('Ihre Antwort ist im Postfach des Kunden.')).toBeVisible();
  await clerkContext.close();

  // Anna: the tracker shows the new state and the open request; the answer is in her Postfach.
  const againContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const annaAgain = await againContext.newPage();
  await signInThroughApi(annaAgain, { portal: 'kunden', email: DEMO.anna.email, mobile: DEMO.anna.mobile });
  const claimId = String(report.body['claimId']);
  await annaAgain.goto(`/kunden/schaeden/${claimId}/`);
  await expect(annaAgain.getByText('Kostenvoranschlag Glaserei').first()).toBeVisible();
  await expect(annaAgain.getByText('Deckung geprüft').first()).toBeVisible();
  await annaAgain.goto('/kunden/postfach/eingang/');
  await expect(annaAgain.getByText(`AW: ${subject}`)).toBeVisible();
  await againContext.close();
});
