import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackendModule } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { bundledResources, createI18n } from '../../lib/i18n';
import {
  deferred,
  expectNoAxeViolations,
  renderApplicationRoute,
  setUpFirstScreenTests,
  wizardControls,
} from './application-test-support';
import { PRODUCT_STARTS } from './start/screens/index.generated';

// The first step before the wizard is loaded (ADR 0023, 'Size of the first application step'):
// drawn from the generated screen on native elements; react-aria marks its own with data-rac.
setUpFirstScreenTests();

async function pathLength(slug: string): Promise<number> {
  const start = (await PRODUCT_STARTS.find((entry) => entry.slug === slug)!.load()).default;
  return start.screens.no.path.length;
}

describe('the first application step', () => {
  it('shows the page from its screen data, without the wizard, and axe finds nothing', async () => {
    const { router } = renderApplicationRoute('/hausrat/antrag/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Wohnung' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/hausrat/antrag/wohnung/');
    expect(screen.getByText(`Schritt 1 von ${await pathLength('hausrat')}`)).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Antragsschritte' })).toHaveTextContent('Ihre Wohnung');
    expect(screen.getByRole('textbox', { name: 'Straße' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Wohnfläche/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeVisible();
    expect(wizardControls()).toHaveLength(0);
    await expectNoAxeViolations(document.body);
  });

  it('hands what was typed and the focus to the wizard, which takes the page over', async () => {
    const user = userEvent.setup();
    renderApplicationRoute('/hausrat/antrag/wohnung/');
    await user.click(await screen.findByRole('textbox', { name: 'Straße' }));
    await user.keyboard('Hauptstraße');
    await waitFor(() => expect(wizardControls().length).toBeGreaterThan(0));
    const street = screen.getByRole('textbox', { name: 'Straße' });
    expect(street).toHaveValue('Hauptstraße');
    expect(street).toHaveFocus();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await user.keyboard(' 1');
    expect(street).toHaveValue('Hauptstraße 1');
  });

  it('keeps the first screen while the wizard loads its texts, then hands over with them', async () => {
    // The app's i18n as in the browser: the application texts are not there until the wizard asks,
    // and here they arrive only when the test lets them.
    const { application, ...loadedAtStart } = bundledResources.de!;
    expect(application).toBeDefined();
    const i18n = createI18n({ resources: { de: loadedAtStart } });
    const backend = i18n.services.backendConnector.backend as BackendModule;
    const arrived = deferred<void>();
    const read = backend.read.bind(backend);
    const gate = vi
      .spyOn(backend, 'read')
      .mockImplementation(
        (language, namespace, callback) =>
          void arrived.promise.then(() => read(language, namespace, callback)),
      );
    try {
      const user = userEvent.setup();
      renderApplicationRoute('/hausrat/antrag/wohnung/', { i18n });
      await user.click(await screen.findByRole('textbox', { name: 'Straße' }));
      await user.keyboard('Hauptstraße');
      await waitFor(() => expect(gate).toHaveBeenCalledWith('de', 'application', expect.any(Function)));
      // The wizard waits for its texts out of sight: the person keeps typing into the same page.
      await user.keyboard(' 1');
      expect(screen.getByRole('heading', { level: 1, name: 'Ihre Wohnung' })).toBeVisible();
      expect(screen.getByRole('textbox', { name: 'Straße' })).toHaveValue('Hauptstraße 1');
      expect(screen.queryByText('Seite wird geladen')).not.toBeInTheDocument();
      expect(wizardControls()).toHaveLength(0);

      arrived.resolve();
      await waitFor(() => expect(wizardControls().length).toBeGreaterThan(0));
      const street = screen.getByRole('textbox', { name: 'Straße' });
      expect(street).toHaveValue('Hauptstraße 1');
      expect(street).toHaveFocus();
      expect(screen.getByText(`Schritt 1 von ${await pathLength('hausrat')}`)).toBeVisible();
      expect(screen.getByRole('button', { name: 'Weiter' })).toBeVisible();
    } finally {
      gate.mockRestore();
    }
  });

  it("carries out a 'Weiter' pressed before the wizard was there: the German messages of the page", async () => {
    const user = userEvent.setup();
    const { router } = renderApplicationRoute('/fahrrad/antrag/');
    await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' });
    await user.click(screen.getByRole('radio', { name: 'E-Bike / Pedelec' }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent(/Bitte/);
    expect(wizardControls().length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: 'E-Bike / Pedelec' })).toBeChecked();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/fahrrad/');
  });

  it("opens the draft form when 'Speichern und später fortsetzen' was pressed before the wizard was there", async () => {
    const user = userEvent.setup();
    renderApplicationRoute('/privathaftpflicht/antrag/');
    await user.click(await screen.findByRole('button', { name: 'Speichern und später fortsetzen' }));
    const email = await screen.findByRole('textbox', { name: /E-Mail-Adresse für den Link/ });
    expect(email).toHaveFocus();
    expect(wizardControls().length).toBeGreaterThan(0);
  });

  it('opens the wizard at once for a deep link past the first step', async () => {
    renderApplicationRoute('/fahrrad/antrag/tarif/');
    // The wizard sends a deep link past an open step to the first open one, with its own controls.
    await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' });
    expect(wizardControls().length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: /Hersteller/ })).toBeVisible();
  });
});
