// The THV's Land question on the first screen (before the wizard, handed over to it) and the PHV's
// co-insured persons: German labels, German errors, axe clean, as the sibling tests check.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { privathaftpflichtApplication } from '@schirm/domain/application/flows/privathaftpflicht';
import { tierhalterhaftpflichtApplication } from '@schirm/domain/application/flows/tierhalterhaftpflicht';
import {
  expectNoAxeViolations,
  fakeApi,
  renderApplication,
  renderApplicationRoute,
  setUpFirstScreenTests,
  storeWizard,
  wizardControls,
} from './application-test-support';

setUpFirstScreenTests();
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('THV: the Land of the dogs', () => {
  it('asks the Land first, with the 16 Länder in German, and axe finds nothing', async () => {
    renderApplicationRoute('/tierhalterhaftpflicht/antrag/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Hunde' })).toBeVisible();
    const land = screen.getByRole('combobox', { name: 'In welchem Bundesland leben Ihre Hunde?' });
    expect(land).toHaveAccessibleDescription(
      'Welche Rassen als Listenhunde gelten, regelt jedes Bundesland in seinem Hundegesetz.',
    );
    const options = within(land).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toHaveLength(17);
    expect(options[0]).toHaveTextContent('Bitte wählen');
    expect(options.map((option) => option.textContent)).toContain('Nordrhein-Westfalen');
    expect(wizardControls()).toHaveLength(0);
    await expectNoAxeViolations(document.body);
  });

  it('hands the chosen Land to the wizard; without it the page names it in German', async () => {
    const user = userEvent.setup();
    renderApplicationRoute('/tierhalterhaftpflicht/antrag/');
    await screen.findByRole('heading', { level: 1, name: 'Ihre Hunde' });
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(
      await screen.findByText('Bitte wählen Sie das Bundesland, in dem Ihre Hunde leben.'),
    ).toBeVisible();
    await waitFor(() => expect(wizardControls().length).toBeGreaterThan(0));
    await expectNoAxeViolations(document.body);
  });

  it('keeps the Land chosen before the wizard was there', async () => {
    const user = userEvent.setup();
    renderApplicationRoute('/tierhalterhaftpflicht/antrag/');
    await screen.findByRole('heading', { level: 1, name: 'Ihre Hunde' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'In welchem Bundesland leben Ihre Hunde?' }),
      'BY',
    );
    await waitFor(() => expect(wizardControls().length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent(/Bitte/);
    expect(screen.queryByText('Bitte wählen Sie das Bundesland, in dem Ihre Hunde leben.')).toBeNull();
  });
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('THV: the conditions of a Listenhund (Kategorie 2)', () => {
  it('asks the confirmation and names what is missing in German; axe finds nothing', async () => {
    const user = userEvent.setup();
    fakeApi({});
    storeWizard(
      {
        hunde: {
          bundesland: 'BY',
          hunde: [{ name: 'Rocky', rasse: 'rottweiler' }],
          selbstbeteiligung: 'SB_KEINE',
        },
      },
      'auflagen',
      {},
      tierhalterhaftpflichtApplication,
    );
    const { router } = renderApplication('/tierhalterhaftpflicht/antrag/auflagen/');
    expect(await heading('Auflagen für Listenhunde')).toBeVisible();
    expect(screen.getByText('Ihr Hund gilt in Ihrem Bundesland als Listenhund')).toBeVisible();
    const box = screen.getByRole('checkbox', {
      name: 'Ich bestätige, dass für meinen Hund alle Auflagen des Hundegesetzes meines Bundeslandes erfüllt sind.',
    });
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(
      await screen.findByText(
        'Ohne diese Bestätigung können wir Ihren Hund online nicht versichern. Sind die Auflagen noch nicht erfüllt, sprechen Sie uns bitte an.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/tierhalterhaftpflicht/antrag/auflagen/');
    await expectNoAxeViolations(document.body);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tierhalterhaftpflicht/antrag/tarif/'));
  });
});

describe('PHV: the co-insured persons by name', () => {
  const family = { haushalt: { familienstand: 'FAMILIE', selbstbeteiligung: 'SB_KEINE' } };

  it('asks the partner’s first name, name and birth date, with German errors; axe finds nothing', async () => {
    const user = userEvent.setup();
    fakeApi({});
    storeWizard(family, 'partner', {}, privathaftpflichtApplication);
    const { router } = renderApplication('/privathaftpflicht/antrag/partner/');
    expect(await heading('Ihre Partnerin oder Ihr Partner')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nachname' })).toBeVisible();
    expect(screen.getAllByText('Geburtsdatum')[0]).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte geben Sie den Vornamen an.')).toBeVisible();
    expect(screen.getByText('Bitte geben Sie den Nachnamen an.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/privathaftpflicht/antrag/partner/');
    await expectNoAxeViolations(document.body);
  });

  it('lists the children with add and remove, each with German errors; axe finds nothing', async () => {
    const user = userEvent.setup();
    fakeApi({});
    storeWizard(
      { ...family, partner: { vorname: 'Max', name: 'Mustermann', geburtsdatum: '1983-09-30' } },
      'kinder',
      {},
      privathaftpflichtApplication,
    );
    renderApplication('/privathaftpflicht/antrag/kinder/');
    expect(await heading('Ihre Kinder')).toBeVisible();
    expect(screen.getByText('Welche Kinder sind mitversichert?')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Weiteres Kind hinzufügen' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent(/Bitte/);
    await expectNoAxeViolations(document.body);
  });

  it('a single is asked about no one: from the household straight to the prior claims', async () => {
    const user = userEvent.setup();
    fakeApi({});
    storeWizard(
      { haushalt: { selbstbeteiligung: 'SB_KEINE' } },
      'haushalt',
      {},
      privathaftpflichtApplication,
    );
    const { router } = renderApplication('/privathaftpflicht/antrag/haushalt/');
    expect(await heading('Wer soll versichert sein?')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /^Single/ }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/privathaftpflicht/antrag/vorschaeden/'),
    );
  });
});
