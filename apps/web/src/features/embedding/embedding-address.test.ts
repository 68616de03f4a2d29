import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  embeddedAddress,
  isLoadedAgain,
  keepEmbeddingParams,
  keptEmbeddingParams,
  pageLoadType,
} from './embedding-address';
import { mirroredPath } from './host-sync';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe("the frame's address keeps the embedding's parameters", () => {
  it('keeps embedded, the confirmed partner, brand and broker of the first address, nothing else', () => {
    const kept = keptEmbeddingParams(
      '?embedded=true&partner=hausbank-nord&brand=fahrrad&vermittlernummer=V-100200&savedDraftId=abc&i18nChannel=preview',
      'hausbank-nord',
    );
    expect(kept.toString()).toBe(
      'embedded=true&partner=hausbank-nord&brand=fahrrad&vermittlernummer=V-100200',
    );
    expect(
      keptEmbeddingParams('?embedded=true&partner=radhaus-mueller&vmr=4711', 'radhaus-mueller').toString(),
    ).toBe('embedded=true&partner=radhaus-mueller&vmr=4711');
  });

  it('names the partner the server confirmed, whatever the first address said', () => {
    expect(keptEmbeddingParams('?embedded=1&partner=Falsch', 'radhaus-mueller').toString()).toBe(
      'embedded=true&partner=radhaus-mueller',
    );
    expect(keptEmbeddingParams('', 'radhaus-mueller').toString()).toBe(
      'embedded=true&partner=radhaus-mueller',
    );
  });

  it("adds them after the page's own parameters and replaces stale copies, hash kept", () => {
    const kept = keptEmbeddingParams(
      '?embedded=true&partner=radhaus-mueller&brand=fahrrad',
      'radhaus-mueller',
    );
    expect(embeddedAddress({ pathname: '/fahrrad/antrag/tarif/', search: '', hash: '' }, kept)).toBe(
      '/fahrrad/antrag/tarif/?embedded=true&partner=radhaus-mueller&brand=fahrrad',
    );
    expect(
      embeddedAddress(
        { pathname: '/kunden/', search: '?tab=2&partner=alt&embedded=false', hash: '#vertraege' },
        kept,
      ),
    ).toBe('/kunden/?tab=2&embedded=true&partner=radhaus-mueller&brand=fahrrad#vertraege');
  });

  it("writes them into the browser's address after an in-app navigation, keeping the history entry's state", () => {
    const kept = keptEmbeddingParams('?embedded=true&partner=radhaus-mueller', 'radhaus-mueller');
    const routerState = { usr: null, key: 'k1', idx: 3 };
    window.history.replaceState(routerState, '', '/fahrrad/antrag/tarif/');
    const length = window.history.length;
    keepEmbeddingParams(window, kept);
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/fahrrad/antrag/tarif/?embedded=true&partner=radhaus-mueller',
    );
    expect(window.history.state).toEqual(routerState);
    expect(window.history.length).toBe(length);
  });

  it('leaves an address that has them alone', () => {
    const kept = keptEmbeddingParams('?embedded=true&partner=radhaus-mueller', 'radhaus-mueller');
    window.history.replaceState({ key: 'k2' }, '', '/fahrrad/antrag/?embedded=true&partner=radhaus-mueller');
    const replace = vi.spyOn(window.history, 'replaceState');
    keepEmbeddingParams(window, kept);
    expect(replace).not.toHaveBeenCalled();
  });

  it('are not mirrored to the host, which set them itself', () => {
    expect(
      mirroredPath(
        '/fahrrad/antrag/tarif/',
        '?embedded=true&partner=radhaus-mueller&brand=fahrrad&vmr=1&tab=2',
      ),
    ).toBe('/fahrrad/antrag/tarif/?tab=2');
  });
});

describe('how the page was loaded', () => {
  it('tells a reload and a restored tab from a new start', () => {
    const entries = (type: string) => [{ type }] as unknown as PerformanceEntryList;
    const spy = vi.spyOn(window.performance, 'getEntriesByType');
    spy.mockReturnValue(entries('reload'));
    expect(isLoadedAgain()).toBe(true);
    spy.mockReturnValue(entries('back_forward'));
    expect(isLoadedAgain()).toBe(true);
    spy.mockReturnValue(entries('navigate'));
    expect(isLoadedAgain()).toBe(false);
    spy.mockReturnValue([]);
    expect(pageLoadType()).toBe('navigate');
    spy.mockImplementation(() => {
      throw new Error('not supported');
    });
    expect(isLoadedAgain()).toBe(false);
  });
});
