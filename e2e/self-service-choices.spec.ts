// Issue 6, screen 2 (the changes that are one choice): demo customers open each change from the
// contract's details, calculate the new premium, check premium and effective date, save, and find
// the change with its date and premium under 'Vorgemerkte Änderungen'; axe on every step.
// Contracts: Anna 9000000101 (Zahlweise) and 9000000103 (Selbstbeteiligung), Markus 9000000206
// (Privathaftpflicht, Bürohaftpflicht), Jonas 9000000301 (Familienstand, Deckung) and 9000000302
// (versicherte Bausteine, then Elementarschutz: both take effect on the same day, and the covers
// saved first are applied first, so the elementary cover added afterwards stays in).
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { DEMO, signInThroughApi } from './identity-support';
import { newPremiumRow, ownPremium, pendingEntry, previewRow } from './self-service-support';

const MARKUS = { email: 'markus.weber@example.com', mobile: '+4915200000102' };
const JONAS = { email: 'jonas.becker@example.com', mobile: '+4915200000103' };

// SRP in the browser (3072-bit) and axe on every step take a few seconds each.
test.describe.configure({ timeout: 300_000 });

const DATE = /^\d{2}\.\d{2}\.\d{4}$/;
const PREMIUM = /^(\d{1,3}(?:\.\d{3})*,\d{2} EUR) (monatlich|vierteljährlich|halbjährlich|jährlich)$/;

interface Change {
  /** The link on the contract details page. */
  action: string;
  slug: string;
  /** Fills in step one. */
  choose: (page: Page) => Promise<void>;
  /** The line step two shows for the new value. */
  describes: string;
  /** The change's name in 'Vorgemerkte Änderungen'. */
  pendingAs: string;
}

/** Ticks a radio button or checkbox the way a person does: by its label (the input is visually hidden). */
async function pick(page: Page, role: 'radio' | 'checkbox', name: string | RegExp): Promise<void> {
  const control = page.getByRole(role, { name, exact: true });
  await control.locator('xpath=ancestor::label[1]').click();
  await expect(control).toBeChecked();
}

/** From the open details page of `contract`: one change through both steps and back to the contract. */
async function makeChange(page: Page, contract: string, change: Change): Promise<void> {
  await page.getByRole('link', { name: change.action }).click();
  await expect(page).toHaveURL(new RegExp(`/kunden/${change.slug}/\\?vertrag=${contract}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 1 von 2: Ihre Angaben' })).toBeVisible();
  await expectNoAxeViolations(page, `${change.slug}: Ihre Angaben`);

  await change.choose(page);
  await page.getByRole('button', { name: 'Neuen Beitrag berechnen' }).click();
  await expect(page.getByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' })).toBeFocused();
  await expect(page.getByText(change.describes, { exact: true })).toBeVisible();
  const premium = (await newPremiumRow(page).textContent()) ?? '';
  const own = await ownPremium(page);
  const date = (await previewRow(page, /^Gültig ab$/).textContent()) ?? '';
  expect(premium).toMatch(PREMIUM);
  expect(own).toMatch(PREMIUM);
  expect(date).toMatch(DATE);
  await expectNoAxeViolations(page, `${change.slug}: Prüfen und bestätigen`);

  await page.getByRole('button', { name: 'Änderung verbindlich speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Ihre Änderung ist gespeichert' })).toBeVisible();
  await expect(page.getByText('Die Änderung ist vorgemerkt')).toBeVisible();
  await expect(page.getByText(`Sie gilt ab dem ${date}.`, { exact: false })).toBeVisible();
  await expect(page.getByText(`Ihr neuer Beitrag: ${premium}.`)).toBeVisible();

  await page.getByRole('link', { name: 'Zum Vertrag', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/kunden/vertraege/${contract}/$`));
  await expect(pendingEntry(page, change.pendingAs, date)).toContainText(`(neuer Beitrag: ${own})`);
}

async function expectNoSideScrolling(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Anna changes the payment period and the deductible of her household contents', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'kunden', ...DEMO.anna });

    await visit('/kunden/vertraege/9000000101/');
    await makeChange(page, '9000000101', {
      action: 'Zahlweise ändern',
      slug: 'zahlungsweise',
      choose: (p) => pick(p, 'radio', 'Jährlich'),
      describes: 'Neue Zahlweise: Jährlich',
      pendingAs: 'Zahlweise',
    });

    await visit('/kunden/vertraege/9000000103/');
    await page.getByRole('link', { name: 'Selbstbeteiligung ändern' }).click();
    const options = page.getByRole('radiogroup', { name: 'Neue Selbstbeteiligung je Schadenfall' });
    await expect(options.getByRole('radio')).toHaveCount(3);
    await expect(options).toContainText('ohne Selbstbeteiligung');
    await expect(options.getByRole('radio', { name: /^ohne Selbstbeteiligung/ })).toHaveAccessibleName(
      // Anna's household contents has changes pending: the form starts from that state and says so.
      'ohne Selbstbeteiligung Stand nach den vorgemerkten Änderungen',
    );
    await page.getByRole('link', { name: 'Zurück zum Vertrag' }).click();
    await makeChange(page, '9000000103', {
      action: 'Selbstbeteiligung ändern',
      slug: 'selbstbeteiligung',
      choose: (p) => pick(p, 'radio', '500,00 EUR'),
      describes: 'Neue Selbstbeteiligung: 500,00 EUR',
      pendingAs: 'Selbstbeteiligung',
    });
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Markus adds office liability and private liability for two persons to his VH', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'kunden', ...MARKUS });

    await visit('/kunden/vertraege/9000000206/');
    await makeChange(page, '9000000206', {
      action: 'Privathaftpflicht ändern',
      slug: 'phv',
      choose: (p) => pick(p, 'radio', '2 Personen'),
      describes: 'Privathaftpflicht mitversichert für: 2 Personen',
      pendingAs: 'Privathaftpflicht',
    });
    await makeChange(page, '9000000206', {
      action: 'Bürohaftpflicht ändern',
      slug: 'bhv',
      choose: (p) => pick(p, 'radio', 'Mit Bürohaftpflicht'),
      describes: 'Bürohaftpflicht: wird eingeschlossen',
      pendingAs: 'Bürohaftpflicht',
    });
    await expectNoSideScrolling(page, 375);
  });

  test('Jonas changes family status and coverage of his liability, and the covers of his household contents', async ({
    page,
    visit,
  }) => {
    await signInThroughApi(page, { portal: 'kunden', ...JONAS });

    await visit('/kunden/vertraege/9000000301/');
    await makeChange(page, '9000000301', {
      action: 'Familienstand ändern',
      slug: 'familienstand',
      choose: (p) => pick(p, 'radio', 'Familie mit Kind(ern)'),
      describes: 'Neuer Familienstand: Familie mit Kind(ern)',
      pendingAs: 'Familienstand',
    });
    await makeChange(page, '9000000301', {
      action: 'Deckung ändern',
      slug: 'deckung',
      choose: async (p) => {
        await expect(p.getByRole('radio', { name: /^Komfort/ })).toHaveAccessibleName(
          'Komfort Versicherungssumme 20 Mio. EUR',
        );
        await pick(p, 'radio', /^Komfort/);
      },
      describes: 'Neue Deckungsvariante: Komfort',
      pendingAs: 'Deckung',
    });

    await visit('/kunden/vertraege/9000000302/');
    await makeChange(page, '9000000302', {
      action: 'Versicherte Bausteine ändern',
      slug: 'versicherte-kosten',
      choose: async (p) => {
        await expect(p.getByRole('checkbox', { name: 'Basisdeckung' })).toBeChecked();
        await expect(p.getByRole('checkbox', { name: 'Basisdeckung' })).toBeDisabled();
        await pick(p, 'checkbox', 'Glasbruch (optional)');
      },
      describes: 'Versicherte Bausteine: Basisdeckung, Glasbruch',
      pendingAs: 'Versicherte Bausteine',
    });
    await makeChange(page, '9000000302', {
      action: 'Elementarschutz ändern',
      slug: 'elementar',
      choose: async (p) => {
        await expect(p.getByRole('heading', { name: 'Was der Elementarschutz abdeckt' })).toBeVisible();
        await expect(p.getByText(/Überschwemmung, Starkregen, Erdbeben/)).toBeVisible();
        await pick(p, 'radio', 'Mit Elementarschutz');
      },
      describes: 'Elementarschutz: wird eingeschlossen',
      pendingAs: 'Elementarschutz',
    });
    await expectNoSideScrolling(page, 375);
  });
});
