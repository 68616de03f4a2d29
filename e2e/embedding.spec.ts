// Issue 16 in Chromium: the portal embedded on a partner's page of another origin (the demo host,
// scripts/demo-host.mjs, on 127.0.0.1 while the portal runs on localhost).
// - The demo clerk adds the demo host's origin to radhaus-mueller's allowed origins on the
//   Einbettungspartner page: it takes effect without a deploy or restart.
// - On the bike shop's page a new customer buys a bicycle insurance inside the iframe (axe in the
//   frame); the page shows what handleContractConclusion reported.
// - Forged messages (from a window that is not the other side) are ignored on both sides.
// - A page of an origin not on the list cannot frame the portal and gets no answer to a command.
import type { Frame, Page } from '@playwright/test';
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { startDemoHost, type DemoHost } from '../scripts/demo-host.mjs';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInThroughApi } from './identity-support';

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const CLERK = { email: 'petra.vogel@example.com', mobile: '+4915200000301' };
const FRAME = '#schirm-antrag iframe';

function germanDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

// The frame grows while a page fills in (resize) and the host scrolls to each new step: a click
// can land while the frame moves, so each choice is checked and repeated until it took.
async function choose(frame: Frame, name: string | RegExp): Promise<void> {
  const radio = frame.getByRole('radio', { name });
  await expect(async () => {
    await radio.locator('xpath=ancestor::label[1]').click();
    await expect(radio).toBeChecked({ timeout: 1_000 });
  }).toPass();
}

async function tick(frame: Frame, name: string | RegExp): Promise<void> {
  const checkbox = frame.getByRole('checkbox', { name });
  await expect(async () => {
    if (!(await checkbox.isChecked())) await checkbox.locator('xpath=ancestor::label[1]').click();
    await expect(checkbox).toBeChecked({ timeout: 1_000 });
  }).toPass();
}

async function typeDate(frame: Frame, group: RegExp, day: string): Promise<void> {
  const segments = frame.getByRole('group', { name: group }).getByRole('spinbutton');
  // The host page may still be scrolling to the new step: the typing goes to the focused segment.
  await segments.first().pressSequentially(germanDate(day).replaceAll('.', ''));
  await expect(segments.nth(2)).toHaveAttribute('aria-valuenow', String(Number(day.slice(0, 4))));
}

async function onward(frame: Frame, step: string): Promise<void> {
  const from = new URL(frame.url()).pathname;
  const target = `/fahrrad/antrag/${step}/`;
  await expect(async () => {
    // Pressed again only while the frame is still on the page it was pressed on.
    if (new URL(frame.url()).pathname === from) {
      await frame.getByRole('button', { name: 'Weiter', exact: true }).click();
    }
    await expect.poll(() => new URL(frame.url()).pathname, { timeout: 3_000 }).toBe(target);
  }).toPass();
}

/** The portal's frame on a host page, once the portal has loaded in it. */
async function portalFrame(page: Page): Promise<Frame> {
  const handle = await page.locator(FRAME).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no iframe on the host page');
  return frame;
}

/** A request of the host page's SDK handle (window.schirmEmbed) to the portal: its answer or error. */
function hostRequest(page: Page, name: string): Promise<string> {
  return page.evaluate(
    (command) =>
      (
        window as unknown as { schirmEmbed: { request(name: string, payload: unknown): Promise<unknown> } }
      ).schirmEmbed
        .request(command, {})
        .then(
          (answer) => `Antwort: ${JSON.stringify(answer)}`,
          (error: Error) => error.message,
        ),
    name,
  );
}

test('a partner page of another origin embeds the Fahrrad application once the clerk allows its origin; forged messages and foreign origins get nothing', async ({
  browser,
  page,
  baseURL,
}) => {
  const portalOrigin = new URL(baseURL ?? '').origin;
  const hosts: DemoHost[] = [];
  try {
    // 127.0.0.1 is another site than localhost (the portal), as a partner's site is: the frame is
    // third-party, so its storage is blocked as in Safari and Chromium's private windows.
    const shop = await startDemoHost({ port: 0, host: '127.0.0.1', portalOrigin });
    const stranger = await startDemoHost({ port: 0, host: '127.0.0.1', portalOrigin });
    hosts.push(shop, stranger);

    // The clerk adds the shop's origin on the Einbettungspartner page; no restart follows.
    await signInThroughApi(page, { portal: 'innendienst', email: CLERK.email, mobile: CLERK.mobile });
    await page.goto('/innendienst/einbettungspartner/');
    await page.getByRole('link', { name: 'Radhaus Müller' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Radhaus Müller' })).toBeVisible();
    const origins = page.getByRole('textbox', { name: /Erlaubte Adressen/ });
    await origins.fill(`${await origins.inputValue()}\n${shop.origin}`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(/Die Änderungen gelten ab sofort/)).toBeVisible();
    await expectNoAxeViolations(page, 'Einbettungspartner Radhaus Müller');

    // A new customer on the bike shop's page (its own browser context, signed in nowhere).
    const customerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const shopPage = await customerContext.newPage();
    await shopPage.goto(`${shop.origin}/`);
    await expect(shopPage.getByRole('heading', { level: 1, name: /Ihr neues Rad/ })).toBeVisible();
    const frame = await portalFrame(shopPage);
    await expect.poll(() => new URL(frame.url()).pathname).toBe('/fahrrad/antrag/fahrrad/');
    await expect(frame.getByText('Schritt 1 von 9')).toBeVisible();
    await expectNoAxeViolations(shopPage, 'Radhaus Müller with the embedded Fahrrad application');
    // The portal talks to the host: it reports its page (setLocation).
    await expect(shopPage.locator('#protokoll')).toContainText(
      'setLocation: {"path":"/fahrrad/antrag/fahrrad/"',
    );

    // Forged messages from windows that are not the other side: a frame at the portal's origin
    // (not the SDK's iframe) claims a conclusion to the host, and a frame at the host's origin (not
    // the parent) asks the portal to navigate. Both sides ignore them.
    await shopPage.evaluate(
      ({ portal }) => {
        const atPortal = document.createElement('iframe');
        atPortal.name = 'faelscher-portal';
        atPortal.title = 'Fälscher (Portal)';
        atPortal.src = `${portal}/haeufige-fragen/?partner=radhaus-mueller`;
        const atHost = document.createElement('iframe');
        atHost.name = 'faelscher-host';
        atHost.title = 'Fälscher (Partnerseite)';
        atHost.srcdoc = '<p>Fälscher</p>';
        document.body.append(atPortal, atHost);
      },
      { portal: portalOrigin },
    );
    await expect
      .poll(() => shopPage.frame({ name: 'faelscher-portal' })?.url() ?? '')
      .toContain('/haeufige-fragen/');
    const forgerAtPortal = shopPage.frame({ name: 'faelscher-portal' });
    const forgerAtHost = shopPage.frame({ name: 'faelscher-host' });
    if (!forgerAtPortal || !forgerAtHost) throw new Error('forging frames missing');
    await forgerAtPortal.waitForLoadState('load');
    expect(await forgerAtPortal.evaluate(() => window.location.origin)).toBe(portalOrigin);
    await forgerAtPortal.evaluate((hostOrigin) => {
      window.parent.postMessage(
        {
          id: 'gefaelscht-1',
          sender: 'child',
          receiver: 'parent',
          name: 'handleContractConclusion',
          payload: { contractId: '0000000000', productName: 'Gefälschte Versicherung', isCreated: true },
        },
        hostOrigin,
      );
    }, shop.origin);
    await forgerAtHost.evaluate((portal) => {
      const target = window.parent.document.querySelector<HTMLIFrameElement>('#schirm-antrag iframe');
      target?.contentWindow?.postMessage(
        {
          id: 'gefaelscht-2',
          sender: 'parent',
          receiver: 'child',
          name: 'setLocation',
          payload: { path: '/kunden/' },
        },
        portal,
      );
    }, portalOrigin);
    await shopPage.evaluate(() =>
      document.querySelectorAll('iframe[name^="faelscher"]').forEach((frame) => frame.remove()),
    );

    // The application in the frame, the shortest valid answers.
    const today = todayInGermany();
    await choose(frame, 'E-Bike / Pedelec');
    await choose(frame, /Anderes Rad/);
    await frame.getByRole('combobox', { name: /Hersteller/ }).fill('Riese');
    await frame.getByRole('option', { name: /Riese/ }).first().click();
    await frame.getByRole('textbox', { name: /Kaufpreis/ }).fill('2.500');
    await typeDate(frame, /Kaufdatum/, addDays(today, -30));
    await choose(frame, 'Neu gekauft');
    await onward(frame, 'tarif');
    // The forged setLocation did not move the frame.
    expect(new URL(frame.url()).pathname).toBe('/fahrrad/antrag/tarif/');
    await expect(frame.getByRole('cell', { name: /EUR monatlich/ }).first()).toBeVisible();
    await choose(frame, /Komfort/);
    await onward(frame, 'beginn');
    // The page settles once the chosen tariff's price is there.
    await expect(frame.getByText(/Ihr Beitrag im Tarif/)).toBeVisible();
    await typeDate(frame, /Versicherungsbeginn/, addDays(today, 1));
    await choose(frame, 'monatlich');
    await expect(frame.getByRole('radio', { name: 'monatlich' })).toBeChecked();
    await onward(frame, 'person');
    const stamp = Date.now();
    await frame.getByRole('textbox', { name: /Vorname/ }).fill('Erika');
    await frame.getByRole('textbox', { name: /Nachname/ }).fill('Einbettung');
    await typeDate(frame, /Geburtsdatum/, '1988-03-09');
    await frame.getByRole('textbox', { name: /E-Mail/ }).fill(`erika.einbettung.${stamp}@example.com`);
    await onward(frame, 'adresse');
    await frame.getByRole('textbox', { name: /Straße/ }).fill('Radweg');
    await frame.getByRole('textbox', { name: /Hausnummer/ }).fill('7');
    await frame.getByRole('textbox', { name: /Postleitzahl/ }).fill('20095');
    await frame.getByRole('textbox', { name: /^Ort/ }).fill('Hamburg');
    await onward(frame, 'sepa');
    await frame.getByRole('textbox', { name: /Kontoinhaber/ }).fill('Erika Einbettung');
    await frame.getByRole('textbox', { name: /IBAN/ }).fill('DE44500105175407324931');
    await tick(frame, /SEPA-Lastschriftmandat/);
    await onward(frame, 'beratungsverzicht');
    await tick(frame, /verzichte/);
    await onward(frame, 'dokumente');
    // The offer is prepared and its documents sent before the declaration.
    await expect(frame.getByText(/Wir haben Ihnen die Vertragsinformationen an/)).toBeVisible();
    await onward(frame, 'erklaerung');
    await tick(frame, /verbindlich/);
    await expectNoAxeViolations(shopPage, 'Radhaus Müller: Erklärung im iframe');
    await frame.getByRole('button', { name: 'Antrag verbindlich stellen' }).click();
    await expect(
      frame.getByRole('heading', { name: 'Vielen Dank, Ihr Vertrag ist abgeschlossen' }),
    ).toBeVisible();
    const number =
      (await frame.locator('dt:has-text("Versicherungsnummer") + dd').textContent())?.trim() ?? '';
    expect(number).toMatch(/^7\d{9}$/);

    // The host page shows what handleContractConclusion reported, and only that.
    await expect(shopPage.locator('#abschluss')).toContainText(`Vertrag ${number}`);
    await expect(shopPage.locator('#abschluss')).toContainText('ist abgeschlossen');
    await expect(shopPage.locator('#abschluss')).not.toContainText('Gefälscht');
    const conclusions = shopPage.locator('#protokoll li', { hasText: 'handleContractConclusion' });
    await expect(conclusions).toHaveCount(1);
    await expectNoAxeViolations(shopPage, 'Radhaus Müller: Bestätigung im iframe');
    await customerContext.close();

    // An origin not on the list: the browser refuses the frame (CSP frame-ancestors), and a
    // command gets no answer.
    const strangerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const strangerPage = await strangerContext.newPage();
    const violations: string[] = [];
    strangerPage.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) violations.push(message.text());
    });
    await strangerPage.goto(`${stranger.origin}/`);
    await expect
      .poll(async () => {
        const strangerFrame = await strangerPage.locator(FRAME).elementHandle();
        const url = (await strangerFrame?.contentFrame())?.url() ?? '';
        return violations.length > 0 || url.startsWith('chrome-error:');
      })
      .toBe(true);
    const blocked = await portalFrame(strangerPage);
    expect(
      await blocked
        .locator('body')
        .textContent()
        .catch(() => ''),
    ).not.toContain('Fahrrad');
    expect(await hostRequest(strangerPage, 'getContracts')).toBe('Timeout exceeded for command getContracts');
    await expect(strangerPage.locator('#abschluss')).toBeEmpty();
    await strangerContext.close();
  } finally {
    await Promise.all(hosts.map((host) => host.close()));
  }
});

for (const width of [375, 1440]) {
  test(`the quickstart at ${width} px: snippet, copy and the command reference, axe-clean`, async ({
    page,
    visit,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await visit('/quickstart/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Versicherungen in Ihre Website einbetten' }),
    ).toBeVisible();
    await expect(page.getByLabel('Code: Mit Script-Tag')).toContainText('/embed/v1/schirm-embed.js');
    await expect(page.getByRole('heading', { level: 3, name: 'createToast' })).toBeVisible();
    // The page is no wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
