// Issue 5 bar: a person registers with a demo contract number, signs in with SRP + TAN, changes the
// mobile number, signs out globally and signs back in (on a 375 px phone; axe after every page).
import { expect, test } from './fixtures';
import { DEMO, DevOutbox, shownMobile, signIn } from './identity-support';

const PASSWORD = 'Sophie-Schirm-2026?';
const FIRST_MOBILE = '+4915200000888';
const NEW_MOBILE = '+4915200000777';

test.use({ viewport: { width: 375, height: 812 } });
// SRP in the browser (3072-bit) and axe on every page take a few seconds per step.
test.describe.configure({ timeout: 120_000 });

test('register, sign in with SRP and TAN, change the mobile number, sign out everywhere, sign in again', async ({
  page,
  context,
  visit,
}) => {
  const outbox = await DevOutbox.open(context);

  // Registration: contract number and e-mail → link by e-mail.
  await visit('/kunden/login/registrieren/');
  await page.getByRole('textbox', { name: 'Vertragsnummer' }).fill(DEMO.sophie.contract);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(DEMO.sophie.email);
  const mailsBefore = await outbox.count(DEMO.sophie.email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();

  // The link: password and mobile number, then the TAN to that number.
  await visit(await outbox.link(DEMO.sophie.email, mailsBefore));
  await expect(page.getByRole('heading', { name: 'Passwort und Handynummer festlegen' })).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('sehr stark', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Handynummer' }).fill(FIRST_MOBILE);
  const smsBefore = await outbox.count(FIRST_MOBILE);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Handynummer bestätigen' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Code aus der SMS' })
    .fill(await outbox.code(FIRST_MOBILE, smsBefore));
  await page.getByRole('button', { name: 'Zugang aktivieren' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr Zugang ist eingerichtet' })).toBeVisible();

  // Sign-in: SRP proof, TAN to the registered number, the signed-in start page.
  await page.getByRole('link', { name: 'Jetzt anmelden' }).click();
  await expect(page).toHaveURL(/\/kunden\/login\/$/);
  await signIn(page, outbox, {
    portal: 'kunden',
    email: DEMO.sophie.email,
    password: PASSWORD,
    mobile: FIRST_MOBILE,
  });

  // A reload keeps the session (refresh cookie), then the mobile number changes with a TAN to the new one.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Willkommen/ })).toBeVisible();
  await page.getByRole('link', { name: 'Meine Daten ansehen und ändern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await expect(page.getByText(shownMobile(FIRST_MOBILE))).toBeVisible();
  await page.getByRole('link', { name: 'Handynummer ändern' }).click();
  await page.getByRole('textbox', { name: 'Neue Handynummer' }).fill(NEW_MOBILE);
  const newSmsBefore = await outbox.count(NEW_MOBILE);
  await page.getByRole('button', { name: 'Code senden' }).click();
  await expect(page.getByRole('heading', { name: 'Neue Handynummer bestätigen' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Code aus der SMS' })
    .fill(await outbox.code(NEW_MOBILE, newSmsBefore));
  await page.getByRole('button', { name: 'Handynummer speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Ihre Handynummer wurde geändert' })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zu „Meine Daten“' }).click();
  await expect(page.getByText(shownMobile(NEW_MOBILE))).toBeVisible();

  // Global sign-out reloads the page at the sign-in; the session is gone on this device too.
  await page.goto('/kunden/');
  await page.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click();
  await expect(page).toHaveURL(/\/kunden\/login\/\?abmeldung=alle-geraete$/);
  await expect(page.getByText('Sie wurden auf allen Geräten abgemeldet.')).toBeVisible();
  await page.goto('/kunden/kundendaten/');
  await expect(page).toHaveURL(/\/kunden\/login\/$/);

  // Signing back in sends the TAN to the new number and returns to the page that asked for it.
  await signIn(page, outbox, {
    portal: 'kunden',
    email: DEMO.sophie.email,
    password: PASSWORD,
    mobile: NEW_MOBILE,
    landsOn: '/kunden/kundendaten/',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await expect(page.getByText(shownMobile(NEW_MOBILE))).toBeVisible();
  // The new session survives a reload (refresh cookie), like the first one.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await outbox.close();
});

test('wrong password: one neutral message, the password field emptied', async ({ page, visit }) => {
  await visit('/kunden/login/');
  const alert = page.getByRole('alert').filter({ hasText: 'Die Anmeldung ist fehlgeschlagen' });
  // A known name with a wrong password and an unknown name look the same.
  for (const email of [DEMO.anna.email, 'niemand@example.com']) {
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('Falsch-2026!');
    const [verify] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in/verify')),
      page.getByRole('button', { name: 'Weiter' }).click(),
    ]);
    expect(verify.status()).toBe(401);
    await expect(alert).toContainText('Bitte prüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.');
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('');
  }
});
