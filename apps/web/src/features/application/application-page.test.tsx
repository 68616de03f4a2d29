import { hausratApplication } from '@schirm/domain/application/flows/hausrat';
import { screen, waitFor, within } from '@testing-library/react';
import { setViewportWidth } from '../../lib/testing/viewport';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_APPLICATIONS } from '@schirm/domain/application/applications';
import { applicationBaseRoute } from '@schirm/domain/application/product-application';
import {
  answersBefore,
  CONTRACT,
  deferred,
  expectNoAxeViolations,
  FAHRRAD_ANSWERS,
  fakeApi,
  OFFER,
  quoteFor,
  renderApplication,
  setUpApplicationTests,
  storedWizard,
  storeWizard,
  TODAY,
} from './application-test-support';

const PRICING = 'POST /api/taa/fahrrad2/tarifieren';
const PREPARE = 'POST /api/taa/fahrrad2/vorbereiten';
const SUBMIT = 'POST /api/taa/fahrrad2/antrag';

setUpApplicationTests();
afterEach(() => {
  setViewportWidth(1024);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('direct application: fahrrad', () => {
  it('shows the German messages of the page schema when Weiter is pressed on an unanswered page', async () => {
    fakeApi({});
    const { router } = renderApplication('/fahrrad/antrag/');
    expect(await heading('Ihr Fahrrad')).toBeVisible();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/fahrrad/');
    expect(screen.getByText('Schritt 1 von 9')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Rahmennummer/ })).toBeInTheDocument();
    expect(screen.getByText('(optional)')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    const alerts = await screen.findAllByRole('alert');
    const texts = alerts.map((alert) => alert.textContent);
    expect(texts).toContain('Bitte wählen Sie den Fahrradtyp.');
    expect(texts).toContain('Bitte geben Sie den Kaufpreis an.');
    // Focus moves to the first field to correct.
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Fahrrad' }));
    expect(texts).toContain(
      '6 Angaben fehlen oder sind nicht korrekt.'.replace(/^/, 'Fehler: Bitte prüfen Sie Ihre Angaben'),
    );
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/fahrrad/');
  });

  it('refuses a wrong e-mail address with its German message and keeps the person on the step', async () => {
    fakeApi({});
    storeWizard(answersBefore('person'), 'person');
    const { router } = renderApplication('/fahrrad/antrag/person/');
    expect(await heading('Ihre persönlichen Daten')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Vorname' }), 'Anna');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nachname' }), 'Schneider');
    await userEvent.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), 'anna@beispiel');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(
      await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.'),
    ).toHaveAttribute('role', 'alert');
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/person/');
  });

  it('keeps the answers over a reload (sessionStorage) and sends a deep link to the first open step', async () => {
    fakeApi({});
    const first = renderApplication('/fahrrad/antrag/fahrrad/');
    expect(await heading('Ihr Fahrrad')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'E-Bike / Pedelec' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Rahmennummer/ }), 'WBK123456');
    first.unmount();

    const { router } = renderApplication('/fahrrad/antrag/sepa/');
    expect(await heading('Ihr Fahrrad')).toBeVisible();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/fahrrad/');
    expect(screen.getByRole('radio', { name: 'E-Bike / Pedelec' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Rahmennummer/ })).toHaveValue('WBK123456');
    expect(storedWizard()?.wizard.answers.fahrrad).toEqual({ art: 'EBIKE', rahmennummer: 'WBK123456' });
  });

  it('prices every variant live, locks the choice while calculating and follows a changed answer', async () => {
    const replies: ReturnType<typeof deferred<{ body: unknown }>>[] = [];
    const calls = fakeApi({
      [PRICING]: () => {
        const reply = deferred<{ body: unknown }>();
        replies.push(reply);
        return reply.promise;
      },
    });
    storeWizard(answersBefore('tarif'), 'tarif');
    const { router } = renderApplication('/fahrrad/antrag/tarif/');
    expect(await heading('Tarif wählen')).toBeVisible();

    await waitFor(() => expect(replies).toHaveLength(1));
    expect(calls.find((call) => call.path.endsWith('/tarifieren'))?.body).toEqual({
      art: 'FAHRRAD',
      typ: 'RENNRAD',
      kaufpreisCents: 150_000,
      kaufdatum: '2026-01-15',
      zustand: 'NEU',
    });
    expect(screen.getByText('Beitrag wird berechnet …')).toBeVisible();
    expect(screen.getByRole('radio', { name: /Komfort/ })).toBeDisabled();

    replies[0]!.resolve({ body: quoteFor(150_000) });
    const table = await screen.findByRole('table', { name: 'Tarife im Vergleich' });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Komfort/ })).toBeEnabled());
    expect(within(table).getByText('30,00 EUR monatlich')).toBeVisible();
    expect(within(table).getByText('15,00 EUR monatlich')).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: /Komfort.*Empfehlung/ })).toBeVisible();
    await expectNoAxeViolations(document.body);

    await userEvent.click(screen.getByRole('radio', { name: /Komfort/ }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('30,00 EUR');
    await userEvent.click(screen.getByRole('radio', { name: 'jährlich' }));
    expect(within(table).getByText('360,00 EUR jährlich')).toBeVisible();

    // A changed price question prices again.
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await heading('Ihr Fahrrad')).toBeVisible();
    const price = screen.getByRole('textbox', { name: 'Kaufpreis' });
    await userEvent.clear(price);
    await userEvent.type(price, '2400');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await heading('Tarif wählen')).toBeVisible();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/tarif/');
    await waitFor(() => expect(replies.length).toBeGreaterThanOrEqual(2));
    expect(
      (calls.filter((call) => call.path.endsWith('/tarifieren')).at(-1)?.body as { kaufpreisCents: number })
        .kaufpreisCents,
    ).toBe(240_000);
    expect(screen.getByRole('radio', { name: /Komfort/ })).toBeDisabled();
    replies.at(-1)!.resolve({ body: quoteFor(240_000) });
    // The payment period chosen on the variant step was taken over to the start step.
    expect(storedWizard()?.wizard.answers.beginn).toEqual({ zahlweise: 'JAEHRLICH' });
    expect(await screen.findByText('576,00 EUR jährlich')).toBeVisible();
    expect(screen.getByRole('radio', { name: /Komfort/ })).toBeChecked();
  });

  it('leads an uninsurable risk to the sorry page with the reason, keeping the answers', async () => {
    fakeApi({
      [PRICING]: () => ({
        body: {
          kind: 'uninsurable',
          code: 'FAHRRAD_ZU_ALT',
          reason: 'Fahrräder, die älter als drei Jahre sind, versichern wir nicht.',
        },
      }),
    });
    storeWizard(answersBefore('tarif'), 'tarif');
    const { router } = renderApplication('/fahrrad/antrag/tarif/');
    expect(
      await screen.findByText('Fahrräder, die älter als drei Jahre sind, versichern wir nicht.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/antrag/sorry/');
    await userEvent.click(screen.getByRole('link', { name: 'Zurück zu Ihren Angaben' }));
    expect(await heading('Ihr Fahrrad')).toBeVisible();
    expect(storedWizard()?.wizard.answers.fahrrad).toMatchObject({ kaufpreisCents: 150_000 });
  });

  it("starts the applicant's address with the insured flat (Hausrat), to confirm or change", async () => {
    fakeApi({});
    const flat = { strasse: 'Ludwigstraße', hausnummer: '5', plz: '94032', ort: 'Passau', wohnflaeche: 85 };
    storeWizard(
      {
        wohnung: flat,
        schutz: { deckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT'], selbstbeteiligung: 'SB_500' },
        tarif: { deckungsVariante: 'HAUSRAT_KOMFORT' },
        beginn: { versicherungsbeginn: '2026-03-20', zahlweise: 'JAEHRLICH' },
        person: {
          vorname: 'Erika',
          nachname: 'Muster',
          geburtsdatum: '1985-04-12',
          email: 'erika@beispiel.de',
        },
      },
      'adresse',
      {},
      hausratApplication,
    );
    renderApplication('/hausrat/antrag/adresse/');
    expect(await heading('Ihre Anschrift')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Straße/ })).toHaveValue('Ludwigstraße');
    expect(screen.getByRole('textbox', { name: /Postleitzahl/ })).toHaveValue('94032');
  });

  it('leads a refused risk check to the check-failed page with the reason, keeping the answers', async () => {
    fakeApi({
      [PREPARE]: () => ({
        body: {
          kind: 'check-failed',
          code: 'VORVERSICHERER_HAT_GEKUENDIGT',
          reason: 'Ihr bisheriger Versicherer hat den Vertrag gekündigt.',
        },
      }),
    });
    storeWizard(answersBefore('dokumente'), 'dokumente');
    const { router } = renderApplication('/fahrrad/antrag/dokumente/');
    expect(await screen.findByText('Ihr bisheriger Versicherer hat den Vertrag gekündigt.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/antrag/check-failed/');
    expect(
      screen.getByRole('heading', { name: 'Ihr Antrag kann online nicht abgeschlossen werden' }),
    ).toBeVisible();
    expect(storedWizard()?.wizard.answers.fahrrad).toMatchObject({ kaufpreisCents: 150_000 });
  });

  it(
    'takes a person from the first step to the confirmation with the faked API',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      const calls = fakeApi({
        'GET /api/finder/fahrradhersteller': () => ({
          body: [
            { id: 'cube', name: 'Cube' },
            { id: 'sonstiger-hersteller', name: 'Sonstiger Hersteller' },
          ],
        }),
        [PRICING]: (call) => ({ body: quoteFor((call.body as { kaufpreisCents: number }).kaufpreisCents) }),
        'GET /api/fragebogen/validate/zip/10115': () => ({ body: { valid: true } }),
        'GET /api/openiban-validator/validate/DE39500105175407324924': () => ({
          body: { valid: true, bankData: { bankCode: '50010517', name: 'ING-DiBa', bic: 'INGDDEFFXXX' } },
        }),
        [PREPARE]: () => ({ body: OFFER }),
        [SUBMIT]: () => ({ status: 201, body: CONTRACT }),
      });
      const { router } = renderApplication('/fahrrad/antrag/');

      // Ihr Fahrrad
      expect(await heading('Ihr Fahrrad')).toBeVisible();
      await user.click(screen.getByRole('radio', { name: 'Fahrrad' }));
      await user.click(screen.getByRole('radio', { name: 'Rennrad' }));
      await user.type(screen.getByRole('combobox', { name: 'Hersteller' }), 'Cu');
      await user.click(await screen.findByRole('option', { name: 'Cube' }));
      await user.type(screen.getByRole('textbox', { name: 'Kaufpreis' }), '1500');
      const kaufdatum = within(screen.getByRole('group', { name: 'Kaufdatum' })).getAllByRole('spinbutton');
      await user.click(kaufdatum[0]!);
      await user.keyboard('15012026');
      await user.click(screen.getByRole('radio', { name: 'Neu gekauft' }));
      await user.click(screen.getByRole('button', { name: 'Weiter' }));

      // Tarif wählen
      expect(await heading('Tarif wählen')).toBeVisible();
      expect(screen.getByText('Schritt 2 von 9')).toBeVisible();
      await waitFor(() => expect(screen.getByRole('radio', { name: /Komfort/ })).toBeEnabled());
      await user.click(screen.getByRole('radio', { name: /Komfort/ }));
      await user.click(screen.getByRole('button', { name: 'Weiter' }));

      // Versicherungsbeginn und Zahlweise
      expect(await heading('Versicherungsbeginn und Zahlweise')).toBeVisible();
      const beginn = within(screen.getByRole('group', { name: 'Versicherungsbeginn' })).getAllByRole(
        'spinbutton',
      );
      await user.click(beginn[0]!);
      await user.keyboard('01042026');
      await user.click(screen.getByRole('radio', { name: 'monatlich' }));
      await user.click(screen.getByRole('button', { name: 'Weiter' }));

      // Ihre persönlichen Daten
      expect(await heading('Ihre persönlichen Daten')).toBeVisible();
      await user.type(screen.getByRole('textbox', { name: 'Vorname' }), 'Anna');
      await user.type(screen.getByRole('textbox', { name: 'Nachname' }), 'Schneider');
      const geburt = within(screen.getByRole('group', { name: 'Geburtsdatum' })).getAllByRole('spinbutton');
      await user.click(geburt[0]!);
      await user.keyboard('17051990');
      await user.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), 'anna.schneider@example.de');
      await user.click(screen.getByRole('button', { name: 'Weiter' }));

      // Ihre Anschrift
      expect(await heading('Ihre Anschrift')).toBeVisible();
      await user.type(screen.getByRole('textbox', { name: 'Straße' }), 'Hauptstraße');
      await user.type(screen.getByRole('textbox', { name: 'Hausnummer' }), '12a');
      await user.type(screen.getByRole('textbox', { name: 'Postleitzahl' }), '10115');
      await user.type(screen.getByRole('textbox', { name: 'Ort' }), 'Berlin');
      await user.click(screen.getByRole('button', { name: 'Weiter' }));

      // SEPA-Lastschriftmandat
      expect(await heading('SEPA-Lastschriftmandat')).toBeVisible();
      await user.type(screen.getByRole('textbox', { name: 'Kontoinhaber' }), 'Anna Schneider');
      await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'DE39500105175407324924');
      await user.tab();
      expect(await screen.findByText(/ING-DiBa/)).toBeVisible();
      await user.click(screen.getByRole('checkbox', { name: 'Ich erteile das SEPA-Lastschriftmandat.' }));
      await user.click(screen.getByRole('button', { name: 'Weiter' }));

      // Verzicht auf Beratung
      expect(await heading('Verzicht auf Beratung')).toBeVisible();
      await user.click(screen.getByRole('checkbox', { name: /Ich verzichte auf eine Beratung/ }));
      await user.click(screen.getByRole('button', { name: 'Weiter' }));

      // Vertragsinformationen
      expect(await heading('Vertragsinformationen')).toBeVisible();
      expect(
        await screen.findByText(
          /Wir haben Ihnen die Vertragsinformationen an anna.schneider@example.de gesendet/,
        ),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'Kundeninformation (PDF)' })).toHaveAttribute(
        'href',
        '/api/taa/angebote/ang-1/dokumente/KUNDENINFORMATION',
      );
      expect(screen.getByText('30,00 EUR monatlich')).toBeVisible();
      expect(screen.getByText('4,79 EUR')).toBeVisible();
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      const prepared = calls.find((call) => call.path.endsWith('/vorbereiten'));
      expect(prepared?.body).toEqual({
        produkt: 'fahrrad',
        kanal: 'antrag',
        antworten: {
          fahrrad: {
            art: 'FAHRRAD',
            typ: 'RENNRAD',
            hersteller: 'cube',
            kaufpreisCents: 150_000,
            kaufdatum: '2026-01-15',
            zustand: 'NEU',
          },
          tarif: FAHRRAD_ANSWERS.tarif,
          beginn: FAHRRAD_ANSWERS.beginn,
          person: FAHRRAD_ANSWERS.person,
          adresse: FAHRRAD_ANSWERS.adresse,
          sepa: FAHRRAD_ANSWERS.sepa,
          beratungsverzicht: FAHRRAD_ANSWERS.beratungsverzicht,
        },
      });
      await user.click(screen.getByRole('button', { name: 'Weiter' }));

      // Erklärung und Antrag
      expect(await heading('Erklärung und Antrag')).toBeVisible();
      await user.click(screen.getByRole('checkbox', { name: 'Ich stelle den Antrag verbindlich.' }));
      await user.click(screen.getByRole('button', { name: 'Antrag verbindlich stellen' }));

      expect(await heading('Vielen Dank, Ihr Vertrag ist abgeschlossen')).toBeVisible();
      expect(router.state.location.pathname).toBe('/fahrrad/antrag/bestaetigung/');
      expect(screen.getByText('FA2601234567')).toBeVisible();
      expect(screen.getByText(/Wir haben Ihnen einen Link zur Registrierung/)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Versicherungsschein (PDF)' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Zum Kundenportal' })).toHaveAttribute(
        'href',
        '/kunden/login/',
      );
      await expectNoAxeViolations(document.body);
      const submitted = calls.filter((call) => call.path.endsWith('/antrag'));
      expect(submitted).toHaveLength(1);
      expect(submitted[0]!.body).toMatchObject({ produkt: 'fahrrad', kanal: 'antrag', angebotId: 'ang-1' });
      expect((submitted[0]!.body as { antworten: Record<string, unknown> }).antworten.erklaerung).toEqual({
        antragVerbindlich: true,
      });

      // A sent application shows its confirmation on every step; a second send is refused.
      await router.navigate('/fahrrad/antrag/erklaerung/');
      await waitFor(() => expect(router.state.location.pathname).toBe('/fahrrad/antrag/bestaetigung/'));
      await waitFor(() =>
        expect(
          screen.getByRole('heading', { level: 1, name: 'Vielen Dank, Ihr Vertrag ist abgeschlossen' }),
        ).toBeVisible(),
      );
      expect(storedWizard()?.wizard.applicationSent).toBe(true);
    },
  );

  it('sends one request with one key on a double click, and the same key again after a reload', async () => {
    const first = deferred<{ status: number; body: unknown }>();
    let answer: () => Promise<{ status: number; body: unknown }> = () => first.promise;
    const calls = fakeApi({ [SUBMIT]: () => answer() });
    storeWizard(answersBefore('erklaerung'), 'erklaerung', { offer: OFFER });
    const view = renderApplication('/fahrrad/antrag/erklaerung/');
    expect(await heading('Erklärung und Antrag')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ich stelle den Antrag verbindlich.' }));
    const send = screen.getByRole('button', { name: 'Antrag verbindlich stellen' });
    await userEvent.dblClick(send);
    expect(await screen.findByText('Ihr Antrag wird gesendet …')).toBeVisible();
    expect(calls.filter((call) => call.path.endsWith('/antrag'))).toHaveLength(1);
    const key = calls[0]!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);

    // The server fails; after a reload the retry carries the same key.
    first.resolve({
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: 'Dienst nicht verfügbar' } },
    });
    expect(await heading('Leider ist ein technischer Fehler aufgetreten')).toBeVisible();
    expect(screen.getByText(/^Fehler-ID: /)).toBeVisible();
    view.unmount();

    answer = async () => ({ status: 201, body: CONTRACT });
    renderApplication('/fahrrad/antrag/erklaerung/');
    expect(await heading('Erklärung und Antrag')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Antrag verbindlich stellen' }));
    expect(await heading('Vielen Dank, Ihr Vertrag ist abgeschlossen')).toBeVisible();
    const sends = calls.filter((call) => call.path.endsWith('/antrag'));
    expect(sends).toHaveLength(2);
    expect(sends[1]!.headers['idempotency-key']).toBe(key);
  });

  it('sends a declaration without an offer (a deep link, a resumed draft) to the documents first', async () => {
    const calls = fakeApi({ [PREPARE]: () => ({ body: OFFER }) });
    storeWizard(answersBefore('erklaerung'), 'erklaerung');
    const { router } = renderApplication('/fahrrad/antrag/erklaerung/');
    expect(await heading('Vertragsinformationen')).toBeVisible();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/dokumente/');
    expect(await screen.findByText(/Wir haben Ihnen die Vertragsinformationen an/)).toBeVisible();
    expect(calls.some((call) => call.url.endsWith('/vorbereiten'))).toBe(true);
  });

  it('shows a changed price and prepares the offer again (409)', async () => {
    const offers = [
      {
        ...OFFER,
        angebotId: 'ang-2',
        beitrag: { nettoCents: 2773, versicherungsteuerCents: 527, bruttoCents: 3300 },
      },
    ];
    const calls = fakeApi({
      [SUBMIT]: () => ({
        status: 409,
        body: {
          error: {
            code: 'APPLICATION_PRICE_CHANGED',
            message: 'Der Beitrag hat sich geändert.',
          },
        },
      }),
      [PREPARE]: () => ({ body: offers.shift() ?? OFFER }),
    });
    storeWizard(answersBefore('erklaerung'), 'erklaerung', { offer: OFFER });
    const { router } = renderApplication('/fahrrad/antrag/erklaerung/');
    expect(await heading('Erklärung und Antrag')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ich stelle den Antrag verbindlich.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Antrag verbindlich stellen' }));

    expect(await heading('Vertragsinformationen')).toBeVisible();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/dokumente/');
    expect(screen.getByText(/Der Beitrag hat sich seit Ihrem Angebot geändert/)).toBeVisible();
    expect(await screen.findByText(/Wir haben Ihnen die Vertragsinformationen an/)).toBeVisible();
    expect(screen.getByText('33,00 EUR monatlich')).toBeVisible();
    expect(calls.filter((call) => call.path.endsWith('/vorbereiten'))).toHaveLength(1);
    expect(storedWizard()?.idempotency).toBeUndefined();
  });

  it('resumes a saved draft: prefilled answers, the first open step, priced again', async () => {
    const calls = fakeApi({
      'GET /api/taa/entwuerfe/entwurf-7': () => ({
        body: {
          produkt: 'fahrrad',
          kanal: 'antrag',
          antworten: { fahrrad: FAHRRAD_ANSWERS.fahrrad, person: { vorname: 'Anna' } },
          schritt: 'person',
          gueltigBis: '2026-04-09',
        },
      }),
      [PRICING]: () => ({ body: quoteFor(150_000) }),
    });
    const { router } = renderApplication('/fahrrad/antrag/person/?savedDraftId=entwurf-7');
    expect(await heading('Tarif wählen')).toBeVisible();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/tarif/');
    expect(
      screen.getByText('Wir haben Ihre gespeicherten Angaben übernommen. Bitte prüfen Sie sie.'),
    ).toBeVisible();
    expect(await screen.findByText('30,00 EUR monatlich')).toBeVisible();
    expect(calls.some((call) => call.path.endsWith('/tarifieren'))).toBe(true);
    const stored = storedWizard()!;
    expect(stored.wizard.isPrefilled).toBe(true);
    expect(stored.wizard.answers.person).toEqual({ vorname: 'Anna' });
    expect(stored.wizard.answers.fahrrad).toMatchObject({ hersteller: 'cube', kaufpreisCents: 150_000 });
  });

  it('explains an expired draft in German', async () => {
    fakeApi({
      'GET /api/taa/entwuerfe/alt': () => ({
        status: 410,
        body: { error: { code: 'DRAFT_EXPIRED', message: 'Ihr gespeicherter Antrag ist abgelaufen.' } },
      }),
    });
    renderApplication('/fahrrad/antrag/?savedDraftId=alt');
    expect(await screen.findByText('Ihr gespeicherter Antrag ist abgelaufen.')).toBeVisible();
    expect(screen.getByRole('link', { name: /neu beginnen/ })).toHaveAttribute('href', '/fahrrad/antrag/');
  });

  it('saves a draft with the e-mail it asks for when the person step is not answered yet', async () => {
    const calls = fakeApi({
      'POST /api/taa/entwuerfe': () => ({
        status: 201,
        body: { entwurfId: 'entwurf-8', gueltigBis: '2026-04-09' },
      }),
    });
    storeWizard(answersBefore('tarif'), 'tarif');
    renderApplication('/fahrrad/antrag/fahrrad/');
    expect(await heading('Ihr Fahrrad')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern und später fortsetzen' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Ihre E-Mail-Adresse für den Link zum Fortsetzen' }),
      'anna.schneider@example.de',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Antrag speichern' }));
    expect(
      await screen.findByText(
        /Wir haben Ihnen einen Link zum Fortsetzen an anna.schneider@example.de gesendet/,
      ),
    ).toBeVisible();
    expect(screen.getByText(/09.04.2026/)).toBeVisible();
    const saved = calls.find((call) => call.path === '/api/taa/entwuerfe');
    expect(saved?.body).toEqual({
      produkt: 'fahrrad',
      kanal: 'antrag',
      // The finder's search text is irrelevant (screen only) and not saved.
      antworten: {
        fahrrad: {
          art: 'FAHRRAD',
          typ: 'RENNRAD',
          hersteller: 'cube',
          kaufpreisCents: 150_000,
          kaufdatum: '2026-01-15',
          zustand: 'NEU',
        },
      },
      schritt: 'fahrrad',
      email: 'anna.schneider@example.de',
    });
  });

  it("keeps the chosen variant's premium in view after the variant step, for the payment period chosen", async () => {
    fakeApi({ [PRICING]: () => ({ body: quoteFor(150_000) }) });
    storeWizard(answersBefore('beginn'), 'beginn');
    renderApplication('/fahrrad/antrag/beginn/');
    expect(await heading('Versicherungsbeginn und Zahlweise')).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Ihr Beitrag' });
    expect(await within(summary).findByText('30,00 EUR')).toBeVisible();
    expect(within(summary).getByText('Ihr Beitrag im Tarif Komfort')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'jährlich' }));
    expect(within(summary).getByText('360,00 EUR')).toBeVisible();
  });

  it("shows the server's field errors of the offer on the step they belong to (422)", async () => {
    fakeApi({
      [PREPARE]: () => ({
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Bitte prüfen Sie Ihre Angaben.',
            fieldErrors: [
              { path: 'adresse.plz', message: 'Diese Postleitzahl gibt es nicht.' },
              { path: 'adresse', message: 'Bitte prüfen Sie Ihre Anschrift.' },
            ],
          },
        },
      }),
    });
    storeWizard(answersBefore('dokumente'), 'dokumente');
    const { router } = renderApplication('/fahrrad/antrag/dokumente/');
    expect(await heading('Ihre Anschrift')).toBeVisible();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/adresse/');
    expect(screen.getByText('Diese Postleitzahl gibt es nicht.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Bitte prüfen Sie Ihre Anschrift.')).toBeVisible();
    const plz = screen.getByRole('textbox', { name: 'Postleitzahl' });
    await userEvent.clear(plz);
    expect(screen.queryByText('Diese Postleitzahl gibt es nicht.')).not.toBeInTheDocument();
  });

  it.each([
    [409, 'APPLICATION_ANSWERS_CHANGED', /Ihre Angaben haben sich seit dem Angebot geändert/],
    [410, 'APPLICATION_OFFER_EXPIRED', /Ihr Angebot ist abgelaufen/],
  ])('prepares the offer again after %i %s', async (status, code, message) => {
    const calls = fakeApi({
      [SUBMIT]: () => ({ status, body: { error: { code, message: 'Server' } } }),
      [PREPARE]: () => ({ body: { ...OFFER, angebotId: 'ang-2' } }),
    });
    storeWizard(answersBefore('erklaerung'), 'erklaerung', { offer: OFFER });
    renderApplication('/fahrrad/antrag/erklaerung/');
    expect(await heading('Erklärung und Antrag')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ich stelle den Antrag verbindlich.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Antrag verbindlich stellen' }));
    expect(await heading('Vertragsinformationen')).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    await waitFor(() => expect(storedWizard()?.offer?.angebotId).toBe('ang-2'));
    expect(calls.filter((call) => call.path.endsWith('/vorbereiten'))).toHaveLength(1);
  });

  it('folds the step list on a phone (375 px) and shows it beside the form on a wide screen (1440 px)', async () => {
    fakeApi({ [PRICING]: () => ({ body: quoteFor(150_000) }) });
    storeWizard(answersBefore('beginn'), 'beginn');
    setViewportWidth(375);
    const phone = renderApplication('/fahrrad/antrag/beginn/');
    expect(await heading('Versicherungsbeginn und Zahlweise')).toBeVisible();
    const steps = screen.getByText('Alle Schritte');
    expect(screen.getByRole('navigation', { name: 'Antragsschritte', hidden: true })).not.toBeVisible();
    await userEvent.click(steps);
    const nav = screen.getByRole('navigation', { name: 'Antragsschritte' });
    expect(within(nav).getByRole('link', { name: 'Tarif wählen' })).toBeVisible();
    await expectNoAxeViolations(document.body);
    phone.unmount();

    setViewportWidth(1440);
    renderApplication('/fahrrad/antrag/beginn/');
    expect(await heading('Versicherungsbeginn und Zahlweise')).toBeVisible();
    expect(screen.queryByText('Alle Schritte')).not.toBeInTheDocument();
    const wide = screen.getByRole('navigation', { name: 'Antragsschritte' });
    expect(within(wide).getByText('Versicherungsbeginn und Zahlweise')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(within(wide).getByText('SEPA-Lastschriftmandat').closest('a')).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('starts the wizard once the flags are known (they decide the variants sold)', async () => {
    fakeApi({});
    renderApplication('/fahrrad/antrag/', { flagStatus: 'pending' });
    expect(await screen.findByRole('status')).toHaveTextContent('Wird geladen');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it.each(Object.values(PRODUCT_APPLICATIONS).map((app) => [app.slug, app] as const))(
    '%s opens its first step under its base route',
    async (_slug, app) => {
      fakeApi({});
      const first = app.createFlow({
        today: TODAY,
        newProductGenerations: true,
        travelHealthInsurance: false,
      }).steps[0]!;
      const base = applicationBaseRoute(app);
      // Motor starts at its first step's URL (/antrag/allgemeine-versicherungsdaten/), the others at the base route.
      const { router } = renderApplication(base === '/antrag/' ? `${base}${first.id}/` : base);
      expect(await heading(first.title)).toBeVisible();
      expect(router.state.location.pathname).toBe(`${base}${first.id}/`);
      expect(screen.getByText(app.name)).toBeVisible();
    },
  );
});
