import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fahrradApplication } from '@schirm/domain/application/flows/fahrrad';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import { answersBefore, deferred, fakeApi, quoteFor, TODAY } from './application-test-support';
import { useLivePrices, usePremiumText, VariantStep } from './variant-step';

afterEach(() => {
  vi.unstubAllGlobals();
});

const request = (kaufpreisCents: number) => ({
  art: 'FAHRRAD',
  typ: 'RENNRAD',
  kaufpreisCents,
  kaufdatum: '2026-01-15',
  zustand: 'NEU',
});

describe('useLivePrices', () => {
  it('cancels the request in flight when the answers change, and ignores its late answer', async () => {
    const replies = [deferred<{ body: unknown }>(), deferred<{ body: unknown }>()];
    const calls = fakeApi({ 'POST /api/taa/fahrrad2/tarifieren': () => replies[calls.length - 1]!.promise });
    const onUninsurable = vi.fn();
    const { result, rerender } = renderHook(
      ({ body }: { body: Record<string, unknown> | undefined }) =>
        useLivePrices(fahrradApplication, body, onUninsurable),
      { initialProps: { body: request(100_000) } },
    );
    expect(result.current.isCalculating).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(1));

    rerender({ body: request(200_000) });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.isAborted()).toBe(true);
    expect(result.current.isCalculating).toBe(true);

    replies[1]!.resolve({ body: quoteFor(200_000) });
    await waitFor(() => expect(result.current.isCalculating).toBe(false));
    // The late answer of the cancelled request arrives; the hook must keep the newer price.
    await act(async () => {
      replies[0]!.resolve({ body: quoteFor(100_000) });
      await replies[0]!.promise;
    });
    expect(result.current.quote?.variants[0]?.premiums[0]?.bruttoCents).toBe(2000);
  });

  it('asks nothing while a price question is open', () => {
    const calls = fakeApi({});
    const { result } = renderHook(() => useLivePrices(fahrradApplication, undefined, vi.fn()));
    expect(result.current.isCalculating).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('reports an uninsurable risk with its reason', async () => {
    fakeApi({
      'POST /api/taa/fahrrad2/tarifieren': () => ({
        body: {
          kind: 'uninsurable',
          code: 'X',
          reason: 'Dieses Fahrrad ist zu teuer für eine Online-Versicherung.',
        },
      }),
    });
    const onUninsurable = vi.fn();
    renderHook(() => useLivePrices(fahrradApplication, request(2_000_000), onUninsurable));
    await waitFor(() =>
      expect(onUninsurable).toHaveBeenCalledWith('Dieses Fahrrad ist zu teuer für eine Online-Versicherung.'),
    );
  });
});

describe('VariantStep', () => {
  it('names the vehicle and region a motor quote carries next to the comparison', async () => {
    fakeApi({
      'POST /api/taa/fahrrad2/tarifieren': () => ({
        body: {
          ...quoteFor(150_000),
          fahrzeug: { hsn: '0603', tsn: 'BJM', hersteller: 'Volkswagen', modell: 'Golf', leistungKw: 85 },
          region: 'Berlin',
        },
      }),
    });
    const context = { today: TODAY, newProductGenerations: true, travelHealthInsurance: false };
    renderWithRouter(
      <VariantStep
        app={fahrradApplication}
        flow={fahrradApplication.createFlow(context)}
        context={context}
        answers={answersBefore('tarif')}
        fieldKey="deckungsVariante"
        label="Ihr Tarif"
        value={undefined}
        onChange={vi.fn()}
        errorMessage={undefined}
        stepId="fahrrad"
      />,
    );
    expect(
      await screen.findByText(
        'Ihr Fahrzeug: Volkswagen Golf (85 kW, HSN 0603, TSN BJM), Regionalklasse für Berlin',
      ),
    ).toBeVisible();
  });
});

describe('usePremiumText', () => {
  it('writes the premium in German format with its payment period, a single premium as einmalig', () => {
    const { result } = renderHook(() => usePremiumText());
    expect(result.current(123_456, 'MONATLICH')).toBe('1.234,56 EUR monatlich');
    expect(result.current(4_999, 'EINMALIG')).toBe('49,99 EUR einmalig');
  });
});
