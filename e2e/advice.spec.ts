// The advice channels (issue 15, ADR 0034) in Chromium, axe on every page:
// - At 1440 px the demo Hauptagentur advises its customer Jonas (of its sub-agent Braun) from the
//   portfolio (?kunde=: person, address and account prefilled), documents the advice and concludes a
//   bicycle contract in its name; the contract is in Jonas's customer portal. Not Anna: the claims and
//   termination specs choose her contracts by product, and a new one would be listed first.
// - At 375 px the agency copies its public link from /vermittler/entwuerfe/; the link shows the
//   agency, and the same link with one changed character leads to /beratung/agent/notfound/.
// - At 375 px the same link under the HFK brand path (/hfk/hausrat/beratung/) shows the brand and
//   the agency; a brand without that product (/protect/hausrat/beratung/) is the 404 page.
import type { Page } from '@playwright/test';
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, signInThroughApi } from './identity-support';

test.describe.configure({ timeout: 240_000 });

const JONAS = { email: 'jonas.becker@example.com', mobile: '+4915200000103', partner: '1000000003' };

async function choose(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('radio', { name }).locator('xpath=ancestor::label[1]').click();
}

async function tick(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('checkbox', { name }).locator('xpath=ancestor::label[1]').click();
}

async function typeDate(page: Page, group: RegExp, day: string): Promise<void> {
  const [year, month, date] = day.split('-');
  await page.getByRole('group', { name: group }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${date}${month}${year}`);
}

async function onward(page: Page, step: string): Promise<void> {
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/vermittler/fahrrad/beratung/${step}/$`));
}

test.describe('advice at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the agency advises Jonas from its portfolio; the contract is in his portal', async ({
    page,
    visit,
  }) => {
    const today = todayInGermany();
    await signInThroughApi(page, { portal: 'vermittler', ...DEMO.agent });
    await visit('/vermittler/entwuerfe/');
    await expect(page.getByRole('heading', { level: 1, name: 'Gespeicherte Beratungen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ihr Beratungslink' })).toBeVisible();

    await visit(`/vermittler/fahrrad/beratung/?kunde=${JONAS.partner}`);
    await expect(page).toHaveURL(/\/vermittler\/fahrrad\/beratung\/fahrrad\/$/);
    await choose(page, 'E-Bike / Pedelec');
    await choose(page, /Anderes Rad/);
    await page.getByRole('combobox', { name: /Hersteller/ }).fill('Riese');
    await page.getByRole('option', { name: /Riese/ }).first().click();
    await page.getByRole('textbox', { name: /Kaufpreis/ }).fill('4.500');
    await typeDate(page, /Kaufdatum/, addDays(today, -60));
    await choose(page, 'Neu gekauft');
    await onward(page, 'tarif');
    await expect(page.getByRole('cell', { name: /EUR monatlich/ }).first()).toBeVisible();
    await choose(page, /Komfort/);
    await onward(page, 'beginn');
    await typeDate(page, /Versicherungsbeginn/, addDays(today, 1));
    await choose(page, 'monatlich');
    await onward(page, 'person');
    // From the portfolio: Jonas's person, address and account are filled in.
    await expect(page.getByRole('textbox', { name: /Nachname/ })).toHaveValue('Becker');
    await onward(page, 'adresse');
    await onward(page, 'sepa');
    await expect(page.getByRole('textbox', { name: /IBAN/ })).not.toHaveValue('');
    await tick(page, /SEPA-Lastschriftmandat/);
    await onward(page, 'beratung');
    await choose(page, 'In der Agentur');
    await choose(page, 'Der Kunde wurde beraten');
    await page
      .getByRole('textbox', { name: /Wünsche und Bedürfnisse/ })
      .fill('Diebstahlschutz für das neue E-Bike.');
    await page.getByRole('textbox', { name: /Ihr Rat/ }).fill('Fahrradversicherung Komfort.');
    await page.getByRole('textbox', { name: /Gründe/ }).fill('Das Rad steht täglich am Bahnhof.');
    await choose(page, 'Der Kunde folgt der Empfehlung');
    await expectNoAxeViolations(page, 'Beratung: Beratungsdokumentation');
    await onward(page, 'dokumente');
    await expect(page.getByRole('link', { name: /Beratungsdokumentation/ })).toBeVisible();
    await expectNoAxeViolations(page, 'Beratung: Vertragsinformationen');
    await onward(page, 'erklaerung');
    await tick(page, /verbindlich/);
    await page.getByRole('button', { name: 'Antrag verbindlich stellen' }).click();
    // The confirmation speaks to the agent and leads to the customer in the portfolio.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Der Vertrag für Jonas Becker ist abgeschlossen' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Kunden Jonas Becker' })).toHaveAttribute(
      'href',
      `/vermittler/kunde/${JONAS.partner}/`,
    );
    const number =
      (await page.locator('dt:has-text("Versicherungsnummer") + dd').textContent())?.trim() ?? '';
    expect(number).toMatch(/^7\d{9}$/);
    await expectNoAxeViolations(page, 'Beratung: Bestätigung');

    // Jonas's portal shows the contract the agency concluded.
    await page.context().clearCookies();
    await signInThroughApi(page, { portal: 'kunden', email: JONAS.email, mobile: JONAS.mobile });
    await visit(`/kunden/vertraege/${number}/`);
    await expect(page.getByRole('heading', { level: 1, name: /Fahrrad/ })).toBeVisible();
  });
});

test.describe('the public agent link at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('shows the agency; a changed link leads to the not-found page', async ({ page, visit }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...DEMO.agent });
    await visit('/vermittler/entwuerfe/');
    const field = page.getByRole('textbox', { name: 'Beratungslink Hausratversicherung', exact: true });
    const link = new URL(await field.inputValue());
    expect(link.pathname).toBe('/hausrat/beratung/');

    await visit(`${link.pathname}${link.search}`);
    const agency = page.getByRole('note').filter({ hasText: 'Ihr Vermittler' });
    await expect(agency).toContainText(/Vermittlernummer \d{10}/);
    await expect(agency).toContainText('Ihr Vertrag wird über diesen Vermittler abgeschlossen.');
    await expect(page).toHaveURL(/\/hausrat\/beratung\/[a-z-]+\/$/);

    const vmr = link.searchParams.get('vmr') ?? '';
    const changed = `${vmr.slice(0, -3)}${vmr.at(-3) === 'A' ? 'B' : 'A'}${vmr.slice(-2)}`;
    await page.evaluate(() => sessionStorage.clear());
    await visit(`/hausrat/beratung/?vmr=${encodeURIComponent(changed)}`);
    await expect(page).toHaveURL(/\/beratung\/agent\/notfound\/$/);
    await expect(page.getByRole('heading', { name: 'Diesen Vermittler finden wir nicht' })).toBeVisible();
  });
});

test.describe('a brand path at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('shows the brand and the agency; a brand without the product is the 404 page', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'vermittler', ...DEMO.agent });
    await visit('/vermittler/entwuerfe/');
    const field = page.getByRole('textbox', {
      name: 'Beratungslink Hausratversicherung unter der Marke HFK',
    });
    const { pathname, search } = new URL(await field.inputValue());
    expect(pathname).toBe('/hfk/hausrat/beratung/');

    await visit(`${pathname}${search}`);
    await expect(page).toHaveURL(/\/hfk\/hausrat\/beratung\/[a-z-]+\/$/);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'hfk');
    await expect(page.getByRole('banner')).toContainText('HFK');
    const agency = page.getByRole('note').filter({ hasText: 'Ihr Vermittler' });
    await expect(agency).toContainText('Ein Angebot von HFK.');
    await expect(agency).toContainText(/Vermittlernummer \d{10}/);
    await expectNoAxeViolations(page, 'Beratung unter der Marke HFK');

    await visit(`/protect/hausrat/beratung/${search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
  });
});
