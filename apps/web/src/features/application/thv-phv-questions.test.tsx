// The THV's Land question on the first screen (before the wizard, handed over to it) and the PHV's
// co-insured persons: German labels, German errors, axe clean, as the sibling tests check.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetLoadedWizard } from './application-page';
import {
  expectNoAxeViolations,
  fixToday,
  patchSelection,
  renderApplicationRoute,
  setFlags,
  unpatchSelection,
} from './application-test-support';

const wizardControls = () => document.querySelectorAll('[data-rac]');

beforeAll(async () => {
  patchSelection();
  await setFlags();
});
afterAll(unpatchSelection);
beforeEach(() => {
  fixToday();
  sessionStorage.clear();
  forgetLoadedWizard();
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
