// The portal inside a host's frame (issue 16): the start decision, what the host learns (height,
// location, results, errors), the host's theme and the toast routing.
import { render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequest } from '../../lib/request';
import { ShellContext, type ShellSettings } from '../../lib/shell-context';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import { Button } from '../../ui/button';
import { setToastForwarder, ToastProvider, useToast } from '../../ui/toast';
import { EmbeddingGate, HostSync, resetEmbeddingStart } from './embedding-gate';
import { hostOriginOf, startEmbedding, type PortalHandlers } from './embedding-start';
import { embeddingPartnerKey, setHostConnection } from '../../lib/embedding-host';
import { connectRecordingHost, HOST_ORIGIN, PARTNER, sentWith } from '../../lib/testing/embedding-host';
import { isPathInArea, mirroredPath, watchHeight } from './host-sync';
import { directAddress } from './not-embeddable-page';
import { applyHostTheme, themeTokens } from './theme';

afterEach(() => {
  setHostConnection(null);
  setToastForwarder(null);
  resetEmbeddingStart();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('style');
});

/** A window framed by `referrer`'s page (or not framed at all). */
function frameWindow({
  framed = true,
  ancestorOrigins,
  referrer = '',
}: {
  framed?: boolean;
  ancestorOrigins?: string[];
  referrer?: string;
}): Window {
  const win: { location: unknown; document: unknown; parent?: unknown } = {
    location: { ancestorOrigins },
    document: { referrer },
  };
  win.parent = framed ? {} : win;
  return win as unknown as Window;
}

const noHandlers: PortalHandlers = {
  getContracts: async () => [],
  getContract: async () => null,
  setLocation: () => null,
};

function partnerApi(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  return {
    fetchMock,
    send: createRequest({ getAccessToken: () => null, fetch: fetchMock as unknown as typeof fetch }),
  };
}

describe('the start decision', () => {
  it('takes the host origin from ancestorOrigins, else from the referrer, and none when not framed', () => {
    expect(
      hostOriginOf(frameWindow({ ancestorOrigins: [HOST_ORIGIN], referrer: 'https://x.example/' })),
    ).toBe(HOST_ORIGIN);
    expect(hostOriginOf(frameWindow({ referrer: `${HOST_ORIGIN}/shop/rad?x=1` }))).toBe(HOST_ORIGIN);
    expect(hostOriginOf(frameWindow({ referrer: '' }))).toBeNull();
    expect(hostOriginOf(frameWindow({ framed: false, referrer: HOST_ORIGIN }))).toBeNull();
  });

  it('refuses without a frame or a partner and asks nobody', async () => {
    const { fetchMock, send } = partnerApi(200, PARTNER);
    const connect = vi.fn();
    const notFramed = frameWindow({ framed: false, referrer: HOST_ORIGIN });
    expect(
      await startEmbedding({
        partnerKey: 'radhaus-mueller',
        handlers: noHandlers,
        win: notFramed,
        send,
        connect,
      }),
    ).toEqual({ status: 'refused' });
    const framed = frameWindow({ referrer: HOST_ORIGIN });
    expect(
      await startEmbedding({ partnerKey: null, handlers: noHandlers, win: framed, send, connect }),
    ).toEqual({
      status: 'refused',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    expect(embeddingPartnerKey()).toBeUndefined();
  });

  it('refuses when the server does not know the partner for this origin (404) and does not connect', async () => {
    const { fetchMock, send } = partnerApi(404, { error: { message: 'Nicht gefunden.' } });
    const connect = vi.fn();
    const win = frameWindow({ referrer: 'https://fremd.example/seite' });
    const result = await startEmbedding({
      partnerKey: 'radhaus-mueller',
      handlers: noHandlers,
      win,
      send,
      connect,
    });
    expect(result).toEqual({ status: 'refused' });
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://portal.test');
    expect(url.pathname).toBe('/api/einbettung/partner/radhaus-mueller');
    expect(url.searchParams.get('origin')).toBe('https://fremd.example');
    expect(connect).not.toHaveBeenCalled();
  });

  it.each([503, 429])('reports a failed check (%i) apart from a refusal', async (status) => {
    const { send } = partnerApi(status, {});
    const win = frameWindow({ referrer: HOST_ORIGIN });
    expect(
      await startEmbedding({
        partnerKey: 'radhaus-mueller',
        handlers: noHandlers,
        win,
        send,
        connect: vi.fn(),
      }),
    ).toEqual({ status: 'failed' });
  });

  it('connects to exactly the checked origin when the partner may embed there', async () => {
    const { send } = partnerApi(200, PARTNER);
    const connection = { hostOrigin: HOST_ORIGIN, request: vi.fn(async () => null), destroy: vi.fn() };
    const connect = vi.fn(() => connection as never);
    const win = frameWindow({ ancestorOrigins: [HOST_ORIGIN] });
    const result = await startEmbedding({
      partnerKey: 'radhaus-mueller',
      handlers: noHandlers,
      win,
      send,
      connect,
    });
    expect(result).toEqual({ status: 'connected', partner: PARTNER });
    expect(connect).toHaveBeenCalledWith(expect.objectContaining({ hostOrigin: HOST_ORIGIN, window: win }));
    expect(embeddingPartnerKey()).toBe('radhaus-mueller');
  });

  it('refuses an answer for another origin than the one asked about', async () => {
    const { send } = partnerApi(200, { ...PARTNER, origin: 'https://andere.example' });
    const connect = vi.fn();
    const win = frameWindow({ ancestorOrigins: [HOST_ORIGIN] });
    expect(
      await startEmbedding({ partnerKey: 'radhaus-mueller', handlers: noHandlers, win, send, connect }),
    ).toEqual({ status: 'refused' });
    expect(connect).not.toHaveBeenCalled();
  });
});

const SETTINGS: ShellSettings = {
  brand: 'schirm',
  isEmbedded: true,
  partner: 'radhaus-mueller',
  environment: 'localhost',
};

describe('the German page when the page may not be embedded', () => {
  it('says so, links to the offer outside the frame in a new tab and passes axe', async () => {
    // The test window is not framed: the gate refuses without asking the server.
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithRouter(
      <ShellContext value={SETTINGS}>
        <main>
          <EmbeddingGate>
            <p>Antragsseite</p>
          </EmbeddingGate>
        </main>
      </ShellContext>,
      { path: '/fahrrad/antrag/?embedded=true&partner=radhaus-mueller' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Diese Seite kann hier nicht eingebettet werden.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Antragsseite')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Angebot direkt bei Schirm öffnen/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(fetchMock).not.toHaveBeenCalled();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it("never shows the agents' portal in a frame, even for a confirmed partner", async () => {
    connectRecordingHost();
    renderWithRouter(
      <ShellContext value={SETTINGS}>
        <main>
          <EmbeddingGate>
            <p>Vermittlerportal</p>
          </EmbeddingGate>
        </main>
      </ShellContext>,
      { path: '/vermittler/login/' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Diese Seite kann hier nicht eingebettet werden.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Vermittlerportal')).not.toBeInTheDocument();
  });

  it('builds the direct address without the partner and with embedded mode off', () => {
    const address = directAddress({
      origin: 'https://portal.schirm.de',
      pathname: '/fahrrad/antrag/',
      search: '?embedded=true&partner=radhaus-mueller&vmr=123',
    });
    expect(address).toBe('https://portal.schirm.de/fahrrad/antrag/?vmr=123&embedded=false');
  });
});

describe('keeping the host in step', () => {
  it('sends the content height at most once per task, and only when it changed', () => {
    let observed: (() => void) | undefined;
    let mutated: (() => void) | undefined;
    const frames: (() => void)[] = [];
    let height = 480;
    const doc = {
      documentElement: {},
      body: { getBoundingClientRect: () => ({ height }) },
    } as unknown as Document;
    const win = {
      ResizeObserver: class {
        constructor(callback: () => void) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
      MutationObserver: class {
        constructor(callback: () => void) {
          mutated = callback;
        }
        observe() {}
        disconnect() {}
      },
      setTimeout: (callback: () => void) => frames.push(callback),
      clearTimeout: vi.fn(),
    } as unknown as Window;
    const send = vi.fn();
    const stop = watchHeight({ doc, win, send });
    frames.shift()?.();
    expect(send).toHaveBeenLastCalledWith(480);

    height = 612.4;
    observed?.();
    observed?.();
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(send).toHaveBeenLastCalledWith(613);

    observed?.();
    frames.shift()?.();
    expect(send).toHaveBeenCalledTimes(2);

    // A change of the page while the frame does not render (offscreen): no resize observation.
    height = 1280;
    mutated?.();
    frames.shift()?.();
    expect(send).toHaveBeenLastCalledWith(1280);
    stop();
  });

  it('tells the host the path and title on every navigation', async () => {
    const sent = connectRecordingHost();
    const { router } = renderWithRouter(<HostSync />, {
      path: '/fahrrad/antrag/?embedded=true&partner=radhaus-mueller',
    });
    await waitFor(() => expect(sentWith(sent, 'setLocation')).toHaveLength(1));
    document.title = 'Ihr Fahrrad – Fahrrad- und E-Bike-Versicherung';
    await router.navigate('/fahrrad/antrag/fahrrad/');
    await waitFor(() =>
      expect(sentWith(sent, 'setLocation')).toEqual([
        { path: '/fahrrad/antrag/', title: expect.any(String) },
        { path: '/fahrrad/antrag/fahrrad/', title: 'Ihr Fahrrad – Fahrrad- und E-Bike-Versicherung' },
      ]),
    );
  });

  it('lets the host navigate only within the area on screen', () => {
    expect(isPathInArea('/fahrrad/antrag/fahrrad/', '/fahrrad/antrag/')).toBe(true);
    expect(isPathInArea('/kunden/vertraege/', '/fahrrad/antrag/')).toBe(false);
    expect(isPathInArea('//boese.example/', '/fahrrad/antrag/')).toBe(false);
    expect(isPathInArea('https://boese.example/', '/fahrrad/antrag/')).toBe(false);
    expect(mirroredPath('/kunden/', '?embedded=true&partner=hausbank-nord&tab=2')).toBe('/kunden/?tab=2');
  });
});

describe("the host's theme", () => {
  it('maps only the documented fields and ignores values that are no plain colour or length', () => {
    expect(
      themeTokens({
        colors: {
          primary: '#004488',
          primaryContrast: 'url(https://x/y.png)',
          background: 'rgb(250, 250, 250)',
          text: 'red; x: y',
        },
        fontFamily: "'Open Sans', Arial, sans-serif",
        radius: 'calc(100vw)',
      }),
    ).toEqual({
      '--color-primary': '#004488',
      '--color-primary-hover': 'color-mix(in srgb, #004488 80%, black)',
      '--color-bg': 'rgb(250, 250, 250)',
      '--font-family': "'Open Sans', Arial, sans-serif",
    });
    expect(themeTokens({ radius: '4px', fontFamily: 'x}body{display:none' })).toEqual({ '--radius': '4px' });
  });

  it('sets the tokens on the document and a known brand, never an unknown one', () => {
    const root = document.createElement('html');
    root.dataset.brand = 'schirm';
    applyHostTheme({ colors: { text: '#111' } }, 'fahrrad', root);
    expect(root.dataset.brand).toBe('schirm');
    expect(root.style.getPropertyValue('--color-text')).toBe('#111');
    applyHostTheme({ brand: 'hfk' }, null, root);
    expect(root.dataset.brand).toBe('hfk');
  });
});

function ToastButton() {
  const toast = useToast();
  return <Button onPress={() => toast.show({ title: 'Gespeichert.', state: 'positive' })}>Speichern</Button>;
}

describe('toasts inside a host', () => {
  it('leaves the toast to the host when it shows it, and shows it itself otherwise', async () => {
    const forwarded: unknown[] = [];
    let handled = true;
    setToastForwarder(async (toast) => {
      forwarded.push(toast);
      return handled;
    });
    render(
      <ToastProvider>
        <ToastButton />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(forwarded).toEqual([{ title: 'Gespeichert.', state: 'positive', duration: 3000 }]),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    handled = false;
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gespeichert.');
  });
});
