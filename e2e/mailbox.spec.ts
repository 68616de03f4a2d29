// Issue 14, screens 4 and 5 on a 375 px phone, axe on every page: a customer writes to the insurer
// with the rich-text editor, finds the message under 'Gesendet' and the acknowledgement in the
// inbox (the navigation counts it as unread until it is opened), opens it and deletes it.
import { expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, signInThroughApi } from './identity-support';

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 120_000 });

test('write to the insurer, find it under Gesendet, read and delete the acknowledgement', async ({
  page,
}) => {
  await signInThroughApi(page, { portal: 'kunden', email: DEMO.anna.email, mobile: DEMO.anna.mobile });
  const subject = `Frage zur Zahlweise ${Date.now()}`;

  await page.goto('/kunden/kontakt/nachricht/');
  await expect(page.getByRole('heading', { level: 1, name: 'Nachricht schreiben' })).toBeVisible();
  await expectNoAxeViolations(page, 'Nachricht schreiben');
  // Nothing is sent while the form is incomplete.
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Bitte geben Sie einen Betreff ein.')).toBeVisible();

  await page.getByRole('button', { name: /Thema/ }).click();
  await page.getByRole('option', { name: 'Beitrag und Zahlung' }).click();
  await page.getByRole('textbox', { name: /Betreff/ }).fill(subject);
  const editor = page.getByRole('textbox', { name: /Ihre Nachricht/ });
  await editor.click();
  await page.keyboard.type('Kann ich künftig jährlich zahlen? <script>alert(1)</script>');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Ihre Nachricht wurde gesendet')).toBeVisible();

  await page.getByRole('link', { name: 'Zu den gesendeten Nachrichten' }).click();
  await expect(page).toHaveURL(/\/kunden\/postfach\/gesendet\/$/);
  await expect(page.getByText(subject)).toBeVisible();
  await expectNoAxeViolations(page, 'Postfach: Gesendet');

  // The acknowledgement waits unread in the inbox; opening it marks it read.
  await page.goto('/kunden/postfach/eingang/');
  const acknowledgement = page.getByRole('link', { name: /Ihre Nachricht ist bei uns eingegangen/ }).first();
  await expect(acknowledgement).toBeVisible();
  await expectNoAxeViolations(page, 'Postfach: Eingang');
  await acknowledgement.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Ihre Nachricht ist bei uns eingegangen',
  );
  await expect(page.getByText(subject)).toBeVisible();
  await expectNoAxeViolations(page, 'Postfach: Nachricht');

  await page.getByRole('button', { name: 'Nachricht löschen' }).click();
  await page.getByRole('button', { name: 'löschen', exact: true }).click();
  await expect(page.getByText('Die Nachricht wurde gelöscht.')).toBeVisible();
});
