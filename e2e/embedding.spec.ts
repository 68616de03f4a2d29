// Issue 16 in Chromium: the portal embedded on a partner's page of another origin (the demo host,
// scripts/demo-host.mjs, on 127.0.0.1 while the portal runs on localhost). One demo host serves
// the spec; before its tests the demo clerk adds the host's origin to radhaus-mueller's allowed
// origins on the Einbettungspartner page: it takes effect without a deploy or restart.
// - On the bike shop's page a new customer buys a bicycle insurance inside the iframe (axe in the
//   frame); the page shows what handleContractConclusion reported.
// - Forged messages (from a window that is not the other side) are ignored on both sides.
// - A page of an origin not on the list cannot frame the portal and gets no answer to a command.
// - Every product's application (`/?produkt=<slug>` on the shop's page) opens in the frame at its
//   first step (axe in the frame), and a private liability insurance is concluded there too.
// - The bank app's page (Hausbank Nord, also allowed by the clerk) signs Anna in through the partner
//   token exchange of its own server: the customer area in the frame greets her and shows her
//   contracts, and the host's getContracts is answered from the API under that session.
// - A reload of the frame in the middle of the application (its address kept `?embedded=true&
//   partner=…`) shows the portal in the frame again, not the refusal: the frame has no storage, so
//   at the first step with a German note.
import type { Browser, BrowserContext, Frame, Page } from '@playwright/test';
import { PRODUCT_APPLICATIONS } from '@schirm/domain/application/applications';
import { APPLICATION_SLUGS, applicationBaseRoute } from '@schirm/domain/application/product-application';
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { startDemoHost, type DemoHost } from '../scripts/demo-host.mjs';
import { germanDate } from './application-support';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInThroughApi } from './identity-support';

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const CLERK = { email: 'petra.vogel@example.com', mobile: '+4915200000301' };
const FRAME = '#schirm-antrag iframe';

// The frame grows while a page fills in (resize) and the host scrolls to each new step: a click
// can land while the frame moves, so each choice is checked and repeated until it took.
async function choose(frame: Frame, name: string | RegExp): Promise<void> {
  const radio = frame.getByRole('radio', { name });
  await expect(async () => {
    await radio.locator('xpath=ancestor::label[1]').click();
    await expect(radio).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function tick(frame: Frame, name: string | RegExp): Promise<void> {
  const checkbox = frame.getByRole('checkbox', { name });
  await expect(async () => {
    if (!(await checkbox.isChecked())) await checkbox.locator('xpath=ancestor::label[1]').click();
    await expect(checkbox).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function typeDate(frame: Frame, group: RegExp, day: string): Promise<void> {
  const segments = frame.getByRole('group', { name: group }).getByRole('spinbutton');
  // The host page may still be scrolling to the new step: the typing goes to the focused segment.
  await segments.first().pressSequentially(germanDate(day).replaceAll('.', ''));
  await expect(segments.nth(2)).toHaveAttribute('aria-valuenow', String(Number(day.slice(0, 4))));
}

/** 'Weiter' to the product's next step (a sibling of the current step's path). */
async function onward(frame: Frame, step: string): Promise<void> {
  const from = new URL(frame.url()).pathname;
  const target = from.replace(/[^/]+\/$/, `${step}/`);
  await expect(async () => {
    // Pressed again only while the frame is still on the page it was pressed on.
    if (new URL(frame.url()).pathname === from) {
      await frame.getByRole('button', { name: 'Weiter', exact: true }).click();
    }
    await expect.poll(() => new URL(frame.url()).pathname, { timeout: 3_000 }).toBe(target);
  }).toPass({ timeout: 30_000 });
}

/** The bicycle step's shortest valid answers (an e-bike bought new a month ago), then on to the variants. */
async function answerBicycle(frame: Frame): Promise<void> {
  await choose(frame, 'E-Bike / Pedelec');
  await choose(frame, /Anderes Rad/);
  await frame.getByRole('combobox', { name: /Hersteller/ }).fill('Riese');
  await frame.getByRole('option', { name: /Riese/ }).first().click();
  await frame.getByRole('textbox', { name: /Kaufpreis/ }).fill('2.500');
  await typeDate(frame, /Kaufdatum/, addDays(todayInGermany(), -30));
  await choose(frame, 'Neu gekauft');
  await onward(frame, 'tarif');
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

/** The applicant of a contract concluded in the frame: new to the portal in every run. */
interface Applicant {
  vorname: string;
  nachname: string;
  geburtsdatum: string;
  strasse: string;
  plz: string;
  ort: string;
}

/**
 * The pages every product shares after its own questions and the tariff (common-steps.ts): start
 * and payment period, person, address, direct debit, the waiver of advice, the documents sent
 * before the declaration, the declaration. Ends on the confirmation; answers its contract number.
 */
async function concludeInFrame(
  shopPage: Page,
  frame: Frame,
  { applicant, zahlweise, label }: { applicant: Applicant; zahlweise: RegExp; label: string },
): Promise<string> {
  const today = todayInGermany();
  // The page settles once the chosen tariff's price is there.
  await expect(frame.getByText(/Ihr Beitrag im Tarif/)).toBeVisible();
  await typeDate(frame, /Versicherungsbeginn/, addDays(today, 1));
  await choose(frame, zahlweise);
  await expect(frame.getByRole('radio', { name: zahlweise })).toBeChecked();
  await onward(frame, 'person');
  const email = `${applicant.vorname}.${applicant.nachname}.${Date.now()}@example.com`.toLowerCase();
  await frame.getByRole('textbox', { name: /Vorname/ }).fill(applicant.vorname);
  await frame.getByRole('textbox', { name: /Nachname/ }).fill(applicant.nachname);
  await typeDate(frame, /Geburtsdatum/, applicant.geburtsdatum);
  await frame.getByRole('textbox', { name: /E-Mail/ }).fill(email);
  await onward(frame, 'adresse');
  await frame.getByRole('textbox', { name: /Straße/ }).fill(applicant.strasse);
  await frame.getByRole('textbox', { name: /Hausnummer/ }).fill('7');
  await frame.getByRole('textbox', { name: /Postleitzahl/ }).fill(applicant.plz);
  await frame.getByRole('textbox', { name: /^Ort/ }).fill(applicant.ort);
  await onward(frame, 'sepa');
  await frame
    .getByRole('textbox', { name: /Kontoinhaber/ })
    .fill(`${applicant.vorname} ${applicant.nachname}`);
  await frame.getByRole('textbox', { name: /IBAN/ }).fill('DE44500105175407324931');
  await tick(frame, /SEPA-Lastschriftmandat/);
  await onward(frame, 'beratungsverzicht');
  await tick(frame, /verzichte/);
  await onward(frame, 'dokumente');
  // The offer is prepared and its documents sent before the declaration.
  await expect(frame.getByText(`Wir haben Ihnen die Vertragsinformationen an ${email}`)).toBeVisible();
  await onward(frame, 'erklaerung');
  await tick(frame, /verbindlich/);
  await expectNoAxeViolations(shopPage, `${label}: Erklärung im iframe`);
  await frame.getByRole('button', { name: 'Antrag verbindlich stellen' }).click();
  await expect(
    frame.getByRole('heading', { name: 'Vielen Dank, Ihr Vertrag ist abgeschlossen' }),
  ).toBeVisible();
  const number = (await frame.locator('dt:has-text("Versicherungsnummer") + dd').textContent())?.trim() ?? '';
  expect(number).toMatch(/^7\d{9}$/);
  return number;
}

test.describe('on partner pages of another origin', () => {
  // One demo host for the spec. 127.0.0.1 is another site than localhost (the portal), as a
  // partner's site is: the frame is third-party, so its storage is blocked as in Safari and
  // Chromium's private windows. The same server reached as localhost:<port> is a page whose origin
  // is on no partner's list.
  let host: DemoHost | undefined;
  let shopOrigin = '';
  let strangerOrigin = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? '';
    host = await startDemoHost({ port: 0, host: '127.0.0.1', portalOrigin: new URL(baseURL).origin });
    shopOrigin = host.origin;
    strangerOrigin = `http://localhost:${host.port}`;

    // The clerk adds the shop's origin on the Einbettungspartner page; no restart follows.
    const clerkContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await clerkContext.newPage();
    await signInThroughApi(page, { portal: 'innendienst', email: CLERK.email, mobile: CLERK.mobile });
    await page.goto('/innendienst/einbettungspartner/');
    await page.getByRole('link', { name: 'Radhaus Müller' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Radhaus Müller' })).toBeVisible();
    const origins = page.getByRole('textbox', { name: /Erlaubte Adressen/ });
    await origins.fill(`${await origins.inputValue()}\n${shopOrigin}`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(/Die Änderungen gelten ab sofort/)).toBeVisible();
    await expectNoAxeViolations(page, 'Einbettungspartner Radhaus Müller');
    // The bank app of the demo data (customer area) on the same host.
    await page.goto('/innendienst/einbettungspartner/');
    await page.getByRole('link', { name: 'Hausbank Nord' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hausbank Nord' })).toBeVisible();
    const bankOrigins = page.getByRole('textbox', { name: /Erlaubte Adressen/ });
    await bankOrigins.fill(`${await bankOrigins.inputValue()}\n${shopOrigin}`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(/Die Änderungen gelten ab sofort/)).toBeVisible();
    await clerkContext.close();
  });

  test.afterAll(async () => {
    await host?.close();
  });

  /** A new customer on the shop's page (a browser context of its own, signed in nowhere). */
  async function openShop(
    browser: Browser,
    path = '/',
  ): Promise<{ context: BrowserContext; shopPage: Page }> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const shopPage = await context.newPage();
    await shopPage.goto(`${shopOrigin}${path}`);
    return { context, shopPage };
  }

  test('the bike shop embeds the Fahrrad application once the clerk allowed its origin; forged messages and foreign origins get nothing', async ({
    browser,
    baseURL,
  }) => {
    const portalOrigin = new URL(baseURL ?? '').origin;
    const { context: customerContext, shopPage } = await openShop(browser);
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
    }, shopOrigin);
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
    await answerBicycle(frame);
    // The forged setLocation did not move the frame.
    expect(new URL(frame.url()).pathname).toBe('/fahrrad/antrag/tarif/');
    await expect(frame.getByRole('cell', { name: /EUR monatlich/ }).first()).toBeVisible();
    await choose(frame, /Komfort/);
    await onward(frame, 'beginn');
    const number = await concludeInFrame(shopPage, frame, {
      applicant: {
        vorname: 'Erika',
        nachname: 'Einbettung',
        geburtsdatum: '1988-03-09',
        strasse: 'Radweg',
        plz: '20095',
        ort: 'Hamburg',
      },
      zahlweise: /^monatlich$/,
      label: 'Radhaus Müller, Fahrrad',
    });

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
    await strangerPage.goto(`${strangerOrigin}/`);
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
  });

  test('a reload of the frame in the middle of the application keeps it embedded for the partner', async ({
    browser,
  }) => {
    const { context, shopPage } = await openShop(browser);
    const violations: string[] = [];
    shopPage.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) violations.push(message.text());
    });
    const frame = await portalFrame(shopPage);
    await expect.poll(() => new URL(frame.url()).pathname).toBe('/fahrrad/antrag/fahrrad/');
    await expect(frame.getByText('Schritt 1 von 9')).toBeVisible();
    await answerBicycle(frame);
    // The frame's address keeps the embedding's parameters after the in-app navigation.
    await expect
      .poll(() => new URL(frame.url()).searchParams.toString())
      .toBe('embedded=true&partner=radhaus-mueller');

    // F5 in the frame: the page is requested again at the address the frame shows.
    const reloaded = frame.waitForNavigation();
    await frame.evaluate(() => window.location.reload());
    await reloaded;
    // The portal shows in the partner's page again (no CSP refusal, not the refusal page). The
    // frame of another site has no storage, so the answers are gone: the first step, with a note.
    await expect(frame.getByRole('heading', { level: 1, name: 'Ihr Fahrrad' })).toBeVisible();
    await expect(frame.getByText('Die Seite wurde neu geladen.')).toBeVisible();
    await expect(
      frame.getByText(
        'Ihre bisherigen Angaben konnten in diesem eingebetteten Fenster nicht gespeichert werden, weil Ihr Browser das hier nicht erlaubt. Bitte beginnen Sie noch einmal mit dem ersten Schritt.',
      ),
    ).toBeVisible();
    await expect(frame.getByText('Schritt 1 von 9')).toBeVisible();
    await expect(frame.getByRole('radio', { name: 'E-Bike / Pedelec' })).not.toBeChecked();
    await expect(frame.getByText('Diese Seite kann hier nicht eingebettet werden.')).toBeHidden();
    await expect
      .poll(() => `${new URL(frame.url()).pathname}${new URL(frame.url()).search}`)
      .toBe('/fahrrad/antrag/fahrrad/?embedded=true&partner=radhaus-mueller');
    expect(violations).toEqual([]);
    // Connected to the host again: it learns the page, and the broker is named.
    await expect(shopPage.locator('#protokoll li', { hasText: 'setLocation' }).last()).toContainText(
      '"path":"/fahrrad/antrag/fahrrad/"',
    );
    await expect(frame.getByText(/^Vermittelt über Radhaus Müller\./)).toBeVisible();
    await expectNoAxeViolations(shopPage, 'Radhaus Müller: Fahrrad nach dem Neuladen im iframe');

    // The person goes on: the note is gone, the answers count again.
    await answerBicycle(frame);
    await expect(frame.getByRole('cell', { name: /EUR monatlich/ }).first()).toBeVisible();
    await expect(frame.getByText('Die Seite wurde neu geladen.')).toBeHidden();

    // The partner's whole page reloaded: the frame is in it again at the application's first step.
    await shopPage.reload();
    const again = await portalFrame(shopPage);
    await expect(again.getByRole('heading', { level: 1, name: 'Ihr Fahrrad' })).toBeVisible();
    await expect(again.getByText('Diese Seite kann hier nicht eingebettet werden.')).toBeHidden();
    expect(new URL(again.url()).searchParams.get('partner')).toBe('radhaus-mueller');
    expect(violations).toEqual([]);
    await context.close();
  });

  test("every product's application opens in the shop's frame at its first step, axe-clean", async ({
    browser,
  }) => {
    const { context, shopPage } = await openShop(browser);
    const flowContext = {
      today: todayInGermany(),
      newProductGenerations: false,
      travelHealthInsurance: false,
    };
    for (const slug of APPLICATION_SLUGS) {
      const application = PRODUCT_APPLICATIONS[slug];
      if (!application) throw new Error(`${slug}: no application`);
      // The first step's title and fields do not depend on the day or the flags.
      const [first] = application.createFlow(flowContext).steps;
      if (!first) throw new Error(`${slug}: no first step`);
      await shopPage.goto(`${shopOrigin}/?produkt=${slug}`);
      await expect(shopPage.locator('.products a[aria-current="page"]')).toHaveAttribute(
        'href',
        `/?produkt=${slug}`,
      );
      const frame = await portalFrame(shopPage);
      // kfz: the SDK opens the motor application below /antrag/ (no /kfz/antrag/).
      await expect
        .poll(() => new URL(frame.url()).pathname)
        .toBe(`${applicationBaseRoute(application)}${first.id}/`);
      await expect(frame.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
      await expect(frame.getByText(/^Schritt 1 von \d+$/)).toBeVisible();
      // A live price on the first step where it has the tariff choice (today every product asks
      // its questions first; the prices are checked on the tariff step of the flows to a contract).
      if (first.fields?.some((field) => field.kind === 'variants')) {
        await expect(frame.getByRole('cell', { name: /\d,\d\d EUR/ }).first()).toBeVisible();
      }
      await expectNoAxeViolations(shopPage, `Radhaus Müller, ${application.name}: ${first.title}`);
    }
    await context.close();
  });

  test('the bank app signs its customer in by the partner token exchange and shows her contracts in the frame', async ({
    browser,
  }) => {
    // Anna Schneider (demo data) granted Hausbank Nord access; the bank's own server exchanges its
    // partner credentials for a single-use token, the portal turns it into a session in memory.
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const bankPage = await context.newPage();
    await bankPage.goto(`${shopOrigin}/kundenbereich.html`);
    await bankPage.getByRole('textbox', { name: /Kundennummer/ }).fill('1000000001');
    await bankPage.getByRole('button', { name: 'Anmelden' }).click();
    const handle = await bankPage.locator('#schirm-kundenbereich iframe').elementHandle();
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error('no customer area frame');
    await expect(frame.getByRole('heading', { level: 1, name: 'Willkommen, Anna' })).toBeVisible();
    await expect(frame.getByText('9000000104')).toBeVisible();
    await expectNoAxeViolations(bankPage, 'Hausbank Nord with the embedded customer area');
    // The host asks the portal for the contracts: answered from the API under that session.
    const contracts = (await bankPage.evaluate(() =>
      (window as unknown as { schirmEmbed: { getContracts(): Promise<unknown> } }).schirmEmbed.getContracts(),
    )) as { contractId: string; beitrag: string }[];
    expect(contracts.map((contract) => contract.contractId)).toContain('9000000104');
    expect(contracts.find((contract) => contract.contractId === '9000000104')?.beitrag).toMatch(
      /^\d+,\d{2} EUR$/,
    );
    await context.close();
  });

  test('a new customer concludes a private liability insurance in the frame', async ({ browser }) => {
    const { context, shopPage } = await openShop(browser, '/?produkt=privathaftpflicht');
    await expect(
      shopPage.getByRole('heading', { level: 2, name: 'Privathaftpflichtversicherung abschließen' }),
    ).toBeVisible();
    const frame = await portalFrame(shopPage);
    await expect.poll(() => new URL(frame.url()).pathname).toBe('/privathaftpflicht/antrag/haushalt/');

    // Its own pages: the household and its deductible, the prior claims, the tariff with live prices.
    await choose(frame, /^Single/);
    await choose(frame, 'Keine Selbstbeteiligung');
    await onward(frame, 'vorschaeden');
    await frame.getByRole('textbox', { name: /Haftpflichtschäden/ }).fill('0');
    await onward(frame, 'tarif');
    await expect(frame.getByRole('cell', { name: /\d,\d\d EUR/ }).first()).toBeVisible();
    await expectNoAxeViolations(shopPage, 'Radhaus Müller, Privathaftpflicht: Tarif im iframe');
    await choose(frame, /Komfort/);
    await onward(frame, 'beginn');
    const number = await concludeInFrame(shopPage, frame, {
      applicant: {
        vorname: 'Paul',
        nachname: 'Rahmenlos',
        geburtsdatum: '1979-11-02',
        strasse: 'Deichstraße',
        plz: '20459',
        ort: 'Hamburg',
      },
      zahlweise: /^jährlich$/,
      label: 'Radhaus Müller, Privathaftpflicht',
    });

    // The host learnt the conclusion of this product and contract.
    await expect(shopPage.locator('#abschluss')).toContainText(
      `Privathaftpflichtversicherung (Vertrag ${number}) ist abgeschlossen`,
    );
    const conclusion = shopPage.locator('#protokoll li', { hasText: 'handleContractConclusion' });
    await expect(conclusion).toHaveCount(1);
    await expect(conclusion).toContainText(`"contractId":"${number}"`);
    await expect(conclusion).toContainText('"productName":"Privathaftpflichtversicherung"');
    await expectNoAxeViolations(shopPage, 'Radhaus Müller, Privathaftpflicht: Bestätigung im iframe');
    await context.close();
  });
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
