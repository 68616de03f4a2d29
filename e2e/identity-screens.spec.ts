// Issue 5 screens at 1440 px (the journey runs at 375 px): every sign-in and account screen is
// visited (axe on each), plus forgot password, e-mail change and sign-out end to end.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, DevOutbox, shownMobile, signIn } from './identity-support';

test.use({ viewport: { width: 1440, height: 900 } });
// SRP in the browser (3072-bit) and axe on every page take a few seconds per step.
test.describe.configure({ timeout: 120_000 });

test('public identity screens of both portals', async ({ page, visit }) => {
  const screens: Array<[path: string, headline: string]> = [
    ['/kunden/login/', 'Anmelden'],
    ['/vermittler/login/', 'Anmelden'],
    ['/kunden/login/passwort-vergessen/', 'Passwort vergessen'],
    ['/vermittler/login/passwort-vergessen/', 'Passwort vergessen'],
    ['/kunden/login/registrieren/', 'Zugang zum Kundenportal einrichten'],
    ['/kunden/handynummer-aendern/', 'Neue Handynummer hinterlegen'],
    ['/kunden/handynummer-aendern/ihre-neue-handynummer/', 'Ihre neue Handynummer'],
    ['/entwicklung/postausgang', 'Postausgang'],
  ];
  for (const [path, headline] of screens) {
    await visit(path);
    await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
  }

  await visit('/kunden/login/');
  await expect(page.getByRole('link', { name: 'Noch keinen Zugang? Jetzt registrieren' })).toBeVisible();
  await visit('/vermittler/login/');
  await expect(page.getByRole('link', { name: /registrieren/ })).toHaveCount(0);

  await visit('/kunden/login/registrieren/?token=unbekannt');
  await expect(
    page.getByText('Dieser Link ist ungültig oder wurde schon verwendet.', { exact: false }),
  ).toBeVisible();

  // The portal areas send visitors without a session to their sign-in.
  await page.goto('/kunden/kundendaten/');
  await expect(page).toHaveURL(/\/kunden\/login\/$/);
  await page.goto('/vermittler/');
  await expect(page).toHaveURL(/\/vermittler\/login\/$/);
});

test('signed-in customer: start page, Meine Daten and its change pages, contact data saved', async ({
  page,
  context,
  visit,
}) => {
  const outbox = await DevOutbox.open(context);
  await page.goto('/kunden/login/');
  await signIn(page, outbox, { portal: 'kunden', email: DEMO.anna.email, mobile: DEMO.anna.mobile });
  await outbox.close();
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Anna' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Kundenportal' })).toBeVisible();

  await visit('/kunden/kundendaten/');
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-Mail-Adresse' })).toContainText(DEMO.anna.email);
  await expect(page.getByRole('region', { name: 'Handynummer' })).toContainText(
    shownMobile(DEMO.anna.mobile),
  );

  for (const [path, headline] of [
    ['/kunden/kundendaten/email/', 'E-Mail-Adresse ändern'],
    ['/kunden/kundendaten/passwort/', 'Passwort ändern'],
    ['/kunden/kundendaten/handynummer/', 'Handynummer ändern'],
    ['/kunden/kundendaten/kontaktdaten/', 'Kontaktdaten ändern'],
  ] as const) {
    await visit(path);
    await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
  }

  const nickname = page.getByRole('textbox', { name: 'Wie dürfen wir Sie ansprechen?' });
  await expect(nickname).toHaveValue('Anna');
  await nickname.fill('Anna S.');
  await page.getByRole('textbox', { name: /Telefon für Rückfragen/ }).fill('+49 221 1234567');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Ihre Kontaktdaten wurden gespeichert.')).toBeVisible();
  // Loaded afresh: the overview shows what the server saved.
  await visit('/kunden/kundendaten/');
  const contact = page.getByRole('region', { name: 'Kontaktdaten' });
  await expect(contact).toContainText('Anna S.');
  // Saved as +492211234567, shown in international format.
  await expect(contact).toContainText('+49 221 1234567');
});

test('forgot password: code by e-mail, new password, sign-in with it (agent portal), sign-out', async ({
  page,
  context,
  visit,
}) => {
  const agent = { email: 'stefan.wolf@example.com', mobile: '+4915200000202' };
  const newPassword = 'Wolf-Neu-2026#';
  const outbox = await DevOutbox.open(context);

  await visit('/vermittler/login/');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  // The sign-in page has an 'E-Mail-Adresse' field too: fill the one of the page just opened.
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(agent.email);
  const mailsBefore = await outbox.count(agent.email);
  await page.getByRole('button', { name: 'Code anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Code aus der E-Mail' })
    .fill(await outbox.code(agent.email, mailsBefore));
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr neues Passwort ist gespeichert' })).toBeVisible();

  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await signIn(page, outbox, {
    portal: 'vermittler',
    email: agent.email,
    password: newPassword,
    mobile: agent.mobile,
  });
  await outbox.close();
  await expect(page.getByRole('navigation', { name: 'Vermittlerportal' })).toBeVisible();

  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/vermittler\/login\/$/);
  await expect(page.getByText('Sie haben sich erfolgreich abgemeldet.')).toBeVisible();
  await visit('/vermittler/');
  await expect(page).toHaveURL(/\/vermittler\/login\/$/);
});

/** Changes the signed-in customer's e-mail address through the link mailed to the new one. */
async function changeEmail(
  page: Page,
  outbox: DevOutbox,
  visit: (path: string) => Promise<void>,
  to: string,
) {
  await visit('/kunden/kundendaten/email/');
  await page.getByRole('textbox', { name: 'Neue E-Mail-Adresse' }).fill(to);
  await page.getByLabel('Aktuelles Passwort', { exact: true }).fill(DEMO_PASSWORD);
  const mailsBefore = await outbox.count(to);
  await page.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();

  await visit(await outbox.link(to, mailsBefore));
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByRole('heading', { name: 'Ihre E-Mail-Adresse wurde geändert' })).toBeVisible();
  await page.getByRole('button', { name: 'Neu anmelden' }).click();
  await expect(page).toHaveURL(/\/kunden\/login\/$/);
}

// @erweitert: `npm run test:e2e` only (CI time); the change is covered by server and web tests.
test('e-mail change: link to the new address, confirmed, sign-in with the new name @erweitert', async ({
  page,
  context,
  visit,
}) => {
  const jonas = { email: 'jonas.becker@example.com', mobile: '+4915200000103' };
  const newEmail = 'jonas.becker@example.org';
  const outbox = await DevOutbox.open(context);
  await page.goto('/kunden/login/');
  await signIn(page, outbox, { portal: 'kunden', email: jonas.email, mobile: jonas.mobile });
  await changeEmail(page, outbox, visit, newEmail);

  await signIn(page, outbox, { portal: 'kunden', email: newEmail, mobile: jonas.mobile });
  await visit('/kunden/kundendaten/');
  await expect(page.getByRole('region', { name: 'E-Mail-Adresse' })).toContainText(newEmail);

  // Back to the demo address: other specs sign in as Jonas with it, whatever order they run in.
  await changeEmail(page, outbox, visit, jonas.email);
  await signIn(page, outbox, { portal: 'kunden', email: jonas.email, mobile: jonas.mobile });
  await outbox.close();
  await visit('/kunden/kundendaten/');
  await expect(page.getByRole('region', { name: 'E-Mail-Adresse' })).toContainText(jonas.email);
});
