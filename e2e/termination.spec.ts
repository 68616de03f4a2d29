// Issue 6, screens 3 and 4: a demo customer revokes the bike contract concluded a few days ago
// (Widerrufsbutton: 'Vertrag widerrufen' → 'Widerruf bestätigen' → receipt with date and time),
// cancels the dog owner's liability ('Vertrag hier kündigen' → 'jetzt kündigen'), downloads the
// receipts, a contract confirmation and the policy as PDFs; axe at 375 and 1440 px.
import type { Download, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, signInThroughApi } from './identity-support';

// SRP in the browser (3072-bit) and axe on every page take a few seconds per step.
test.describe.configure({ timeout: 180_000 });

const RECEIVED_AT = /\d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr/;

/** Chooses a radio option the way a person does: by its label (the input itself is visually hidden). */
async function chooseOption(page: Page, label: string): Promise<void> {
  await page.getByText(label, { exact: true }).click();
  await expect(page.getByRole('radio', { name: label })).toBeChecked();
}

/** Clicks the button, waits for the file the browser saves, and checks it is a PDF named `fileName`. */
async function downloadPdf(
  page: Page,
  button: string,
  fileName: string,
  within: Page | Locator = page,
): Promise<void> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    within.getByRole('button', { name: button }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Anna revokes her new bike contract and gets the receipt at once', async ({
    page,
    context,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'kunden', ...DEMO.anna });

    await visit('/kunden/vertraege/9000000104/');
    await page.getByRole('link', { name: 'Vertrag hier kündigen oder widerrufen' }).click();
    await expect(page).toHaveURL(/\/kunden\/kuendigen-widerrufen\/\?vertrag=9000000104$/);
    const revocation = page.getByRole('region', { name: 'Widerruf' });
    await expect(revocation).toContainText(/bis einschließlich \d{2}\.\d{2}\.\d{4}/);
    await expectNoAxeViolations(page, 'Kündigen oder widerrufen');

    await revocation.getByRole('button', { name: 'Vertrag widerrufen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeFocused();
    await chooseOption(page, 'Ich bin bereits anderweitig versichert.');
    await page
      .getByRole('textbox', { name: /Möchten Sie uns noch etwas mitteilen/ })
      .fill('Das Rad ist über die Hausratversicherung versichert.');
    await expectNoAxeViolations(page, 'Vertrag widerrufen');
    await page.getByRole('button', { name: 'Weiter' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Widerruf bestätigen' })).toBeVisible();
    await expect(page.getByText('Ich bin bereits anderweitig versichert.')).toBeVisible();
    await expectNoAxeViolations(page, 'Widerruf bestätigen');
    await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Ihr Widerruf ist eingegangen' })).toBeVisible();
    await expect(page.getByText(RECEIVED_AT)).toBeVisible();
    await expectNoAxeViolations(page, 'Widerruf eingegangen');
    await downloadPdf(page, 'Eingangsbestätigung herunterladen (PDF)', 'Widerrufsbestätigung 9000000104.pdf');

    // The receipt went out by e-mail with the PDF attached.
    const mailPage = await context.newPage();
    await mailPage.goto(`/entwicklung/postausgang?an=${encodeURIComponent(DEMO.anna.email)}`);
    const mail = mailPage.getByRole('article').first();
    await expect(mail).toContainText('Eingangsbestätigung Ihres Widerrufs – Vertrag 9000000104');
    await expect(mail.getByRole('link', { name: 'Widerrufsbestätigung 9000000104.pdf' })).toBeVisible();
    await mailPage.close();

    await visit('/kunden/vertraege/9000000104/');
    await expect(page.getByRole('region', { name: 'Vertrag', exact: true })).toContainText('Storniert');
    await expect(
      page.getByRole('button', { name: 'Widerrufsbestätigung herunterladen (PDF)' }),
    ).toBeVisible();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Anna cancels her dog liability and downloads the receipt, a confirmation and her policy', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'kunden', ...DEMO.anna });

    await visit('/kunden/kuendigen-widerrufen/?vertrag=9000000102');
    const cancellation = page.getByRole('region', { name: 'Kündigung' });
    await expect(cancellation).toContainText(/frühestens zum \d{2}\.\d{2}\.\d{4}/);
    await cancellation.getByRole('button', { name: 'Vertrag hier kündigen' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Vertrag kündigen' })).toBeVisible();
    await chooseOption(page, 'Ich habe meinen Hund abgegeben oder verkauft.');
    await expectNoAxeViolations(page, 'Vertrag kündigen');
    await page.getByRole('button', { name: 'jetzt kündigen' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Ihre Kündigung ist eingegangen' }),
    ).toBeVisible();
    await expect(page.getByText(RECEIVED_AT)).toBeVisible();
    await expect(page.getByText(/Ihr Vertrag endet zum \d{2}\.\d{2}\.\d{4}\./)).toBeVisible();
    await expectNoAxeViolations(page, 'Kündigung eingegangen');
    await downloadPdf(
      page,
      'Eingangsbestätigung herunterladen (PDF)',
      'Kündigungsbestätigung 9000000102.pdf',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await visit('/kunden/vertraege/9000000101/');
    const confirmation = page.getByRole('region', { name: 'Vertragsbestätigung' });
    await confirmation.getByRole('button', { name: 'Vertragsbestätigung anfordern' }).click();
    await expect(confirmation.getByText('Ihre Vertragsbestätigung liegt bereit')).toBeVisible();
    await expectNoAxeViolations(page, 'Vertragsbestätigung bereit');
    await downloadPdf(
      page,
      'Vertragsbestätigung herunterladen (PDF)',
      'Vertragsbestätigung 9000000101.pdf',
      confirmation,
    );
    await downloadPdf(
      page,
      'Versicherungsschein herunterladen (PDF)',
      'Versicherungsschein 9000000101.pdf',
      page.getByRole('region', { name: 'Dokumente' }),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
