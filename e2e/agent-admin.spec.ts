// Agent administration (issue 15, ADR 0032) with the demo agency: the Hauptagentur sees its
// sub-agents, creates one and deactivates it again, finds its agency data with the Erstinformation,
// its settings, the agents' FAQ and writes to the agent service; the sub-agent two levels down sees
// the empty list and the agency read-only; anyone applies as a sales partner. A sub-agent attaches a
// PDF to a message, the clerk opens it from the Eingang, downloads the file and answers.
import { generateKeyPairSync } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './fixtures';
import { signInThroughApi } from './identity-support';

const HAUPTAGENTUR = { email: 'claudia.krueger@example.com', mobile: '+4915200000201' };
const HARTMANN = { email: 'nina.hartmann@example.com', mobile: '+4915200000204' };
const CLERK = { email: 'petra.vogel@example.com', mobile: '+4915200000301' };

test.describe('Agent administration at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the agency manages sub-agents, agency, settings, FAQ and writes to the agent service', async ({
    page,
    visit,
  }) => {
    test.setTimeout(60_000);
    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/untervermittler/');
    const tree = page.getByRole('list', { name: 'Untervermittler' });
    for (const name of ['Stefan Wolf', 'Nina Hartmann', 'Leonie Braun']) {
      await expect(tree.getByText(name, { exact: true })).toBeVisible();
    }

    const email = `e2e.${Date.now()}@example.com`;
    await page.getByRole('link', { name: 'Untervermittler anlegen' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Untervermittler anlegen' })).toBeVisible();
    await page.getByRole('button', { name: 'Untervermittler anlegen' }).click();
    await expect(page.getByText('Bitte geben Sie den Vor- und Nachnamen ein.')).toBeVisible();
    await page.getByRole('textbox', { name: /Vor- und Nachname/ }).fill('Erik Ende');
    await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(email);
    await page.getByRole('textbox', { name: /Mobilfunknummer/ }).fill('+49 151 55501234');
    await page.getByRole('button', { name: 'Untervermittler anlegen' }).click();
    await expect(page.getByText(/Erik Ende hat die Vermittlernummer \d{10}/)).toBeVisible();
    await expectNoAxeViolations(page, 'untervermittler/anlegen (angelegt)');

    await page.getByRole('link', { name: 'Zur Übersicht der Untervermittler' }).click();
    await page.getByRole('button', { name: 'Erik Ende deaktivieren' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('kann sich danach nicht mehr anmelden');
    await expectNoAxeViolations(page, 'untervermittler (Dialog)');
    await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
    await expect(page.getByText('Erik Ende ist deaktiviert.')).toBeVisible();

    await visit('/vermittler/agentur/');
    await expect(page.getByRole('textbox', { name: /Registrierungsnummer/ })).toHaveValue('D-K7RU-GER01-42');
    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Erstinformation herunterladen (PDF)' }).click();
    expect((await downloadStarted).suggestedFilename()).toBe('Erstinformation-4711000001.pdf');

    await visit('/vermittler/einstellungen/');
    await expect(page.getByRole('textbox', { name: /Vor- und Nachname/ })).toHaveValue('Claudia Krüger');
    await expect(page.getByRole('heading', { name: 'Passwort ändern' })).toBeVisible();

    await visit('/vermittler/haeufige-fragen/');
    await page.getByText('Wie lege ich einen Untervermittler an?').click();
    await expect(page.getByText(/eigene Vermittlernummer/).first()).toBeVisible();

    await visit('/vermittler-nachricht/');
    await page.getByRole('button', { name: /Thema/ }).click();
    await page.getByRole('option', { name: 'Provision und Abrechnung' }).click();
    await page.getByRole('textbox', { name: /Betreff/ }).fill('Abrechnung November');
    await page.getByRole('textbox', { name: /Ihre Nachricht/ }).click();
    await page.keyboard.type('Bitte senden Sie mir die Abrechnung.');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByText('Ihre Nachricht ist eingegangen')).toBeVisible();
    await expect(page.getByText('Abrechnung November')).toBeVisible();
  });
});

test.describe('Agent administration at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a sub-agent without sub-agents sees why the list is empty and the agency read-only; the public application', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...HARTMANN });
    await visit('/vermittler/untervermittler/');
    await expect(page.getByText('Noch keine Mitarbeiter in Ihrem Bestand')).toBeVisible();
    await visit('/vermittler/agentur/');
    await expect(page.getByText(/Die Agenturdaten ändert Ihre Hauptagentur/)).toBeVisible();
    await expect(page.getByText('D-K7RU-GER01-42')).toBeVisible();
    await expect(
      page.getByText(/Schlüssel für die Maklersoftware verwaltet Ihre Hauptagentur/),
    ).toBeVisible();

    await visit('/vermittler/vertriebspartner-werden/');
    await page.getByRole('textbox', { name: /Firma/ }).fill('Muster Finanz GmbH');
    await page.getByRole('textbox', { name: /Ansprechpartner/ }).fill('Maria Muster');
    await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(`bewerbung.${Date.now()}@example.com`);
    await page.getByRole('textbox', { name: /Erlaubnisnummer/ }).fill('34d-K-2019-0815');
    await page.getByRole('textbox', { name: /Registrierungsnummer/ }).fill('D-W1X2-Y3Z4A-56');
    await page.getByRole('button', { name: 'Bewerbung senden' }).click();
    await expect(page.getByText('Vielen Dank für Ihre Bewerbung')).toBeVisible();
  });

  test('the agency adds a key for its broker software, is told why an RSA key does not fit, and revokes the key', async ({
    page,
    visit,
  }) => {
    const label = `E2E-Software ${Date.now()}`;
    const pem = (type: 'ed25519' | 'rsa') =>
      (type === 'rsa'
        ? generateKeyPairSync('rsa', { modulusLength: 2048 })
        : generateKeyPairSync('ed25519')
      ).publicKey
        .export({ type: 'spki', format: 'pem' })
        .toString();
    await signInThroughApi(page, { portal: 'vermittler', ...HAUPTAGENTUR });
    await visit('/vermittler/agentur/');
    const section = page.getByRole('region', { name: 'Schlüssel für Ihre Maklersoftware' });
    await expect(section.getByRole('heading', { name: 'Demo-Maklersoftware' })).toBeVisible();

    await section.getByRole('textbox', { name: /^Bezeichnung/ }).fill(label);
    const key = section.getByRole('textbox', { name: /^Öffentlicher Schlüssel/ });
    await key.fill(pem('rsa'));
    await section.getByRole('button', { name: 'Schlüssel hinzufügen' }).click();
    await expect(
      section.getByText(/^Das ist ein RSA-Schlüssel\. Das Extranet nimmt nur Ed25519-Schlüssel an/),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'vermittler/agentur (RSA-Schlüssel abgelehnt)');

    await key.fill(pem('ed25519'));
    await section.getByRole('button', { name: 'Schlüssel hinzufügen' }).click();
    await expect(section.getByText(/Der Schlüssel wurde hinzugefügt\./)).toBeVisible();
    await expect(section.getByRole('heading', { name: label, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'vermittler/agentur (Schlüssel hinzugefügt)');

    await section.getByRole('button', { name: `Schlüssel „${label}“ widerrufen` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Schlüssel widerrufen?' });
    await expect(dialog).toContainText('kann nicht erneut hinzugefügt werden');
    await expectNoAxeViolations(page, 'vermittler/agentur (Widerruf bestätigen)');
    await dialog.getByRole('button', { name: 'Widerrufen' }).click();
    await expect(section.getByRole('heading', { name: `${label} · widerrufen` })).toBeVisible();
    await expect(section.getByRole('button', { name: `Schlüssel „${label}“ widerrufen` })).toHaveCount(0);
    // The demo key the other tests sign with stays active.
    await expect(
      section.getByRole('button', { name: 'Schlüssel „Demo-Maklersoftware“ widerrufen' }),
    ).toBeVisible();
  });

  test('a sub-agent attaches a PDF to a message; the clerk downloads it and answers', async ({
    page,
    browser,
    visit,
  }) => {
    test.setTimeout(90_000);
    const subject = `Police mit Anhang ${Date.now()}`;
    await signInThroughApi(page, { portal: 'vermittler', ...HARTMANN });
    await visit('/vermittler-nachricht/');
    await page.getByRole('button', { name: /Thema/ }).click();
    await page.getByRole('option', { name: 'Vertrag' }).click();
    await page.getByRole('textbox', { name: /Betreff/ }).fill(subject);
    await page.getByRole('textbox', { name: /Ihre Nachricht/ }).click();
    await page.keyboard.type('Anbei die Police des Kunden.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Police.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
    });
    await expect(page.getByText('Hochgeladen')).toBeVisible();
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByText('Ihre Nachricht ist eingegangen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Police.pdf herunterladen' }).first()).toBeVisible();

    const clerkContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const clerk = await clerkContext.newPage();
    await signInThroughApi(clerk, { portal: 'innendienst', ...CLERK });
    await clerk.goto('/innendienst/');
    await clerk.getByRole('link', { name: subject }).click();
    await expect(clerk.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(clerk.getByText('Nina Hartmann')).toBeVisible();
    await expectNoAxeViolations(clerk, 'Innendienst: Vermittlernachricht');
    const download = clerk.waitForEvent('download');
    await clerk.getByRole('button', { name: 'Police.pdf herunterladen' }).click();
    expect((await download).suggestedFilename()).toBe('Police.pdf');
    await clerk.getByRole('textbox', { name: /Ihre Antwort/ }).fill('Die Police ist eingegangen.');
    await clerk.getByRole('button', { name: 'Antwort senden' }).click();
    await expect(clerk.getByText('Ihre Antwort wurde an den Vermittler gesendet.')).toBeVisible();
    await clerkContext.close();

    await visit('/vermittler-nachricht/');
    await expect(page.getByText(/Die Police ist eingegangen\./)).toBeVisible();
  });
});
