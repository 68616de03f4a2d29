// The application inside a host's frame (issue 16): the results it hands to the host and the
// partner it concludes the contract for.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { fahrradApplication } from '@schirm/domain/application/flows/fahrrad';
import { setHostConnection } from '../../lib/embedding-host';
import { connectRecordingHost, sentWith } from '../../lib/testing/embedding-host';
import {
  answersBefore,
  CONTRACT,
  FAHRRAD_ANSWERS,
  fakeApi,
  fixToday,
  patchSelection,
  renderApplication,
  setFlags,
  storeWizard,
  unpatchSelection,
} from './application-test-support';
import { DIRECT_CHANNEL } from './channel';
import { loadOutcome, saveOutcome } from './wizard-storage';

beforeAll(patchSelection);
afterAll(unpatchSelection);
// The application's answers hold dates: every test runs on the suite's fixed day.
beforeEach(fixToday);
afterEach(() => {
  vi.useRealTimers();
  setHostConnection(null);
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

it('hands the concluded contract to the host and still shows the confirmation', async () => {
  await setFlags();
  storeWizard(FAHRRAD_ANSWERS, 'erklaerung');
  const key = 'schirm.antrag.fahrrad';
  const stored = JSON.parse(sessionStorage.getItem(key)!);
  stored.wizard = { ...stored.wizard, applicationSent: true, applicationResult: CONTRACT };
  sessionStorage.setItem(key, JSON.stringify(stored));
  const sent = connectRecordingHost();

  renderApplication('/fahrrad/antrag/bestaetigung/');

  expect(await screen.findByRole('heading', { name: /Ihr Vertrag ist abgeschlossen/ })).toBeInTheDocument();
  await waitFor(() =>
    expect(sentWith(sent, 'handleContractConclusion')).toEqual([
      { contractId: 'FA2601234567', productName: 'Fahrrad- und E-Bike-Versicherung', isCreated: true },
    ]),
  );
});

it('hands an uninsurable result to the host and keeps its own page with the reason', async () => {
  saveOutcome({
    kind: 'sorry',
    slug: 'fahrrad',
    productName: 'Fahrrad- und E-Bike-Versicherung',
    baseRoute: '/fahrrad/antrag',
    stepId: 'fahrrad',
    reason: 'Fahrräder über 10.000 EUR versichern wir online nicht.',
  });
  const sent = connectRecordingHost({ handleUninsurablePricingResult: { handled: true } });
  renderApplication('/antrag/sorry/');
  expect(
    await screen.findByText('Fahrräder über 10.000 EUR versichern wir online nicht.'),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(sentWith(sent, 'handleUninsurablePricingResult')).toEqual([
      {
        productName: 'Fahrrad- und E-Bike-Versicherung',
        reason: 'Fahrräder über 10.000 EUR versichern wir online nicht.',
      },
    ]),
  );
});

it('concludes the direct application for the partner: prepare sends einbettungspartner', async () => {
  const calls = fakeApi({ 'POST /api/taa/fahrrad/vorbereiten': () => ({ status: 422, body: {} }) });
  connectRecordingHost();
  await DIRECT_CHANNEL.prepare(fahrradApplication, {});
  expect(calls[0]?.body).toMatchObject({
    produkt: 'fahrrad',
    kanal: 'antrag',
    einbettungspartner: 'radhaus-mueller',
  });
  setHostConnection(null);
  await DIRECT_CHANNEL.prepare(fahrradApplication, {});
  expect(calls[1]?.body).not.toHaveProperty('einbettungspartner');
});

it("brings the frame's top into view on a step, and the first field to correct after a refused 'Weiter'", async () => {
  await setFlags();
  fakeApi({});
  const sent = connectRecordingHost();
  renderApplication('/fahrrad/antrag/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' })).toBeVisible();
  await waitFor(() => expect(sentWith(sent, 'scrollTop')).toEqual([{}]));

  await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
  await screen.findAllByRole('alert');
  await waitFor(() => expect(sentWith(sent, 'scrollCenter')).toHaveLength(1));
  const [payload] = sentWith(sent, 'scrollCenter') as { offsetTop: number }[];
  expect(Number.isInteger(payload!.offsetTop)).toBe(true);
});

it("brings the first field the server refused (422) into view on the step it belongs to, after the step's top", async () => {
  await setFlags();
  fakeApi({
    'POST /api/taa/fahrrad2/vorbereiten': () => ({
      status: 422,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Bitte prüfen Sie Ihre Angaben.',
          fieldErrors: [{ path: 'adresse.plz', message: 'Diese Postleitzahl gibt es nicht.' }],
        },
      },
    }),
  });
  storeWizard(answersBefore('dokumente'), 'dokumente');
  const sent = connectRecordingHost();
  const { router } = renderApplication('/fahrrad/antrag/dokumente/');

  expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Anschrift' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/fahrrad/antrag/adresse/');
  expect(screen.getByRole('textbox', { name: 'Postleitzahl' })).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(sentWith(sent, 'scrollCenter')).toHaveLength(1));
  const scrolls = sent.filter((command) => command.name.startsWith('scroll')).map((command) => command.name);
  expect(scrolls.slice(-2)).toEqual(['scrollTop', 'scrollCenter']);
  const [payload] = sentWith(sent, 'scrollCenter') as { offsetTop: number }[];
  expect(Number.isInteger(payload!.offsetTop)).toBe(true);

  // A change of the page clears the server's errors; nothing more is scrolled.
  await userEvent.clear(screen.getByRole('textbox', { name: 'Postleitzahl' }));
  expect(screen.queryByText('Diese Postleitzahl gibt es nicht.')).not.toBeInTheDocument();
  expect(sentWith(sent, 'scrollCenter')).toHaveLength(1);
});

it("keeps the wizard's result for its pages when a frame on another site gets no storage", () => {
  const blocked = vi.spyOn(globalThis, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  });
  const outcome = {
    kind: 'fehler' as const,
    slug: 'fahrrad',
    productName: 'Fahrrad- und E-Bike-Versicherung',
    baseRoute: '/fahrrad/antrag',
    stepId: 'erklaerung',
    errorId: 'A1B2C3D4',
  };
  saveOutcome(outcome);
  expect(loadOutcome()).toEqual(outcome);
  blocked.mockRestore();
});
