// The host SDK (embed) and the portal SDK (connectToHost) talking through two linked windows: every
// command in its direction, the wire format, the checks on source, origin, shape and addressing,
// the 20 s timeout and destroy.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectToHost, type ChildHandlers, type HostConnection } from './child';
import { embed, embedUrl, type EmbedHandle, type HostHandlers } from './host';
import type { ChildCommands, EmbeddedContract, ParentCommands } from './protocol';
import { dispatchMessage, linkWindows, type LinkedWindows } from './two-windows.test-helper';

const HOST = 'https://www.radhaus-mueller.example';
const PORTAL = 'https://portal.schirm.example';

interface Setup {
  element: HTMLElement;
  host: EmbedHandle;
  child: HostConnection;
  windows: LinkedWindows;
}

const opened: Setup[] = [];

afterEach(() => {
  for (const setup of opened.splice(0)) {
    setup.host.destroy();
    setup.child.destroy();
    setup.element.remove();
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(
  hostHandlers: Partial<HostHandlers> = {},
  childHandlers: Partial<ChildHandlers> = {},
  timeoutMs?: number,
): Setup {
  // Not attached to the document: happy-dom would try to load the iframe's (non-existent) page.
  const element = document.createElement('div');
  const windows = linkWindows(window, HOST, PORTAL);
  const host = embed(element, {
    origin: PORTAL,
    partner: 'radhaus-mueller',
    product: 'fahrrad',
    handlers: hostHandlers,
    timeoutMs,
  });
  // The iframe's window is the fake portal window.
  Object.defineProperty(host.iframe, 'contentWindow', { value: windows.child, configurable: true });
  const child = connectToHost({
    hostOrigin: HOST,
    handlers: childHandlers,
    timeoutMs,
    window: windows.child as unknown as Window,
  });
  const result = { element, host, child, windows };
  opened.push(result);
  return result;
}

/**
 * setup() once the portal has spoken (its first resize, as the portal sends on connecting): only
 * then does the host send its own requests into the iframe. The posts start empty.
 */
async function connected(...args: Parameters<typeof setup>): Promise<Setup> {
  const result = setup(...args);
  await result.child.request('resize', { height: 600 });
  result.windows.posts.length = 0;
  return result;
}

const CONTRACT: EmbeddedContract = {
  contractId: '4000012345',
  productName: 'Fahrradversicherung',
  status: 'aktiv',
  beginn: '2026-12-01',
  beitrag: '12,34 EUR',
  zahlweise: 'monatlich',
};

type ParentCase = {
  [K in keyof ParentCommands]: [K, ParentCommands[K]['request'], ParentCommands[K]['reply']];
}[keyof ParentCommands];

/** Commands the portal sends and the host answers, with what the host's handler returns. */
const PARENT_CASES: ParentCase[] = [
  [
    'getTheme',
    {},
    { brand: 'fahrrad', colors: { primary: '#005a9c', text: '#111' }, fontFamily: 'Inter', radius: '4px' },
  ],
  ['getBrokerInfo', {}, { brokerId: '100200', distributionPath: 'agentur', name: 'Claudia Krüger' }],
  [
    'handleGenericError',
    { errorId: 'E-7f3a', message: 'Der Antrag konnte nicht gesendet werden.' },
    { handled: true },
  ],
  [
    'handleUninsurablePricingResult',
    { productName: 'Fahrradversicherung', reason: 'Der Kaufpreis liegt über 10.000,00 EUR.' },
    { handled: false },
  ],
  [
    'handleContractConclusion',
    { contractId: '4000012345', productName: 'Fahrradversicherung', isCreated: true },
    null,
  ],
  ['resize', { height: 812.4 }, null],
  ['scrollTop', {}, null],
  ['scrollCenter', { offsetTop: 400 }, null],
  ['setLocation', { path: '/fahrrad/antrag/', title: 'Antrag Fahrradversicherung' }, null],
  ['getAuthToken', {}, { token: 'partner-token-1' }],
  ['getPartnerNumber', {}, { partnerNumber: '1000001' }],
  ['getEmbeddingApplication', {}, { name: 'Radhaus Müller Shop', version: '2.4.1', locale: 'de-DE' }],
  ['createToast', { title: 'Angebot gespeichert', state: 'positive', duration: 3000 }, { handled: true }],
];

type ChildCase = {
  [K in keyof ChildCommands]: [K, ChildCommands[K]['request'], ChildCommands[K]['reply']];
}[keyof ChildCommands];

/** Commands the host sends and the portal answers. */
const CHILD_CASES: ChildCase[] = [
  ['getContracts', {}, [CONTRACT]],
  ['getContract', { contractId: '4000012345' }, CONTRACT],
  ['setLocation', { path: '/kunden/vertraege/' }, null],
];

describe('commands from the portal, answered by the host page', () => {
  it('covers every command the host answers', () => {
    const names = new Set(PARENT_CASES.map(([name]) => name));
    const childNames = new Set(CHILD_CASES.map(([name]) => name));
    expect(new Set([...names, ...childNames]).size).toBe(15);
  });

  it.each(PARENT_CASES)(
    '%s: the request reaches the host handler, its answer the portal',
    async (name, payload, answer) => {
      const handler = vi.fn(() =>
        name === 'resize' || name === 'scrollTop' || name === 'scrollCenter' ? undefined : answer,
      );
      const { child, windows } = setup({ [name]: handler });
      vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
      vi.spyOn(window, 'scrollTo').mockImplementation(() => {});

      const reply = await child.request(name, payload as never);

      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler).toHaveBeenCalledWith(payload);
      expect(reply).toEqual(answer);
      // On the wire: the command to the host's exact origin, the reply to the portal's.
      expect(windows.posts).toHaveLength(2);
      const [command, response] = windows.posts;
      expect(command).toEqual({
        from: 'child',
        targetOrigin: HOST,
        data: { id: expect.any(String), sender: 'child', receiver: 'parent', name, payload },
      });
      expect(response).toEqual({
        from: 'parent',
        targetOrigin: PORTAL,
        data: {
          id: expect.any(String),
          sender: 'parent',
          receiver: 'child',
          correspondingCommandId: (command?.data as { id: string }).id,
          payload: answer,
        },
      });
    },
  );

  it.each(PARENT_CASES)('%s: without a host handler the answer is null', async (name, payload, _answer) => {
    const { child } = setup();
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await expect(child.request(name, payload as never)).resolves.toBeNull();
  });

  it('resize sets the iframe height itself', async () => {
    const { child, host } = setup();
    await child.request('resize', { height: 812.4 });
    expect(host.iframe.style.height).toBe('813px');
    await child.request('resize', { height: -5 });
    expect(host.iframe.style.height).toBe('813px');
  });

  it('scrollTop scrolls the top of the iframe into view', async () => {
    const { child, host } = setup();
    const scrolled = vi.spyOn(host.iframe, 'scrollIntoView').mockImplementation(() => {});
    await child.request('scrollTop', {});
    expect(scrolled).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
  });

  it('scrollCenter centres the given offset inside the frame in the window', async () => {
    const { child, host } = setup();
    vi.spyOn(host.iframe, 'getBoundingClientRect').mockReturnValue({ top: 1500 } as DOMRect);
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await child.request('scrollCenter', { offsetTop: 400 });
    expect(scrolled).toHaveBeenCalledWith({
      top: 1500 + window.scrollY + 400 - window.innerHeight / 2,
      behavior: 'smooth',
    });
  });

  it('answers null when the host handler throws, and reports the error', async () => {
    const onError = vi.fn();
    const failure = new Error('Theme service down');
    const { child } = setup({
      getTheme: () => {
        throw failure;
      },
      getBrokerInfo: () => Promise.reject(failure),
      onError,
    });
    await expect(child.request('getTheme', {})).resolves.toBeNull();
    await expect(child.request('getBrokerInfo', {})).resolves.toBeNull();
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(failure);
  });
});

describe('answers postMessage cannot copy', () => {
  it('are reported and answered with null', async () => {
    const onError = vi.fn();
    const { child } = setup({ getTheme: () => ({ brand: (() => 'fahrrad') as unknown as string }), onError });
    await expect(child.request('getTheme', {})).resolves.toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('commands from the host page, answered by the portal', () => {
  it.each(CHILD_CASES)(
    '%s: the request reaches the portal handler, its answer the host',
    async (name, payload, answer) => {
      const handler = vi.fn(() => Promise.resolve(answer));
      const { host, windows } = await connected({}, { [name]: handler });

      const reply = await host.request(name, payload as never);

      expect(handler).toHaveBeenCalledWith(payload);
      expect(reply).toEqual(answer);
      const [command, response] = windows.posts;
      expect(command).toEqual({
        from: 'parent',
        targetOrigin: PORTAL,
        data: { id: expect.any(String), sender: 'parent', receiver: 'child', name, payload },
      });
      expect(response).toEqual({
        from: 'child',
        targetOrigin: HOST,
        data: {
          id: expect.any(String),
          sender: 'child',
          receiver: 'parent',
          correspondingCommandId: (command?.data as { id: string }).id,
          payload: answer,
        },
      });
    },
  );

  it.each(CHILD_CASES)('%s: without a portal handler the answer is null', async (name, payload, _answer) => {
    const { host } = await connected();
    await expect(host.request(name, payload as never)).resolves.toBeNull();
  });

  it('getContracts and getContract ask the portal', async () => {
    const getContract = vi.fn(({ contractId }: { contractId: string }) =>
      contractId === CONTRACT.contractId ? CONTRACT : null,
    );
    const { host } = await connected({}, { getContracts: () => [CONTRACT], getContract });
    await expect(host.getContracts()).resolves.toEqual([CONTRACT]);
    await expect(host.getContract('4000012345')).resolves.toEqual(CONTRACT);
    await expect(host.getContract('4000099999')).resolves.toBeNull();
    expect(getContract).toHaveBeenLastCalledWith({ contractId: '4000099999' });
  });

  it('holds host requests until the portal has spoken, then sends them', async () => {
    const getContracts = vi.fn(() => [CONTRACT]);
    const { host, child, windows } = setup({}, { getContracts });
    const contracts = host.getContracts();
    await windows.flush();
    // The iframe still holds another page: nothing is sent into it yet.
    expect(windows.posts).toEqual([]);
    // A forged or foreign message does not count as the portal speaking.
    dispatchMessage(
      window,
      { id: 'x', sender: 'child', receiver: 'parent', name: 'resize', payload: { height: 1 } },
      'https://evil.example',
      windows.child,
    );
    await windows.flush();
    expect(windows.posts).toEqual([]);
    await child.request('resize', { height: 700 });
    await expect(contracts).resolves.toEqual([CONTRACT]);
    expect(getContracts).toHaveBeenCalledTimes(1);
  });

  it('a held request still times out after 20,000 ms', async () => {
    vi.useFakeTimers();
    const { host, child, windows } = setup({}, { getContracts: () => [CONTRACT] });
    const outcome = host.getContracts().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(outcome).resolves.toBe('Timeout exceeded for command getContracts');
    // Once the portal speaks, the timed-out request is not sent after all.
    await child.request('resize', { height: 700 });
    expect(windows.posts.filter((post) => post.from === 'parent' && 'name' in (post.data as object))).toEqual(
      [],
    );
  });

  it('answers null when the portal handler throws, and reports the error', async () => {
    const onError = vi.fn();
    const { host } = await connected(
      {},
      { getContracts: () => Promise.reject(new Error('offline')), onError },
    );
    await expect(host.getContracts()).resolves.toBeNull();
    expect(onError).toHaveBeenCalledWith(new Error('offline'));
  });
});

describe('what each side ignores', () => {
  const command = (overrides: Record<string, unknown> = {}) => ({
    id: 'cmd-1',
    sender: 'child',
    receiver: 'parent',
    name: 'getTheme',
    payload: {},
    ...overrides,
  });

  it('the host answers a well-formed command from the portal window (control)', async () => {
    const getTheme = vi.fn(() => ({ brand: 'fahrrad' }));
    const { windows } = setup({ getTheme });
    dispatchMessage(window, command(), PORTAL, windows.child);
    await windows.flush();
    expect(getTheme).toHaveBeenCalledTimes(1);
    expect(windows.posts).toHaveLength(1);
  });

  it('the host ignores the same command from another window', async () => {
    const getTheme = vi.fn(() => ({ brand: 'fahrrad' }));
    const { windows } = setup({ getTheme });
    const otherFrame = linkWindows(window, HOST, PORTAL).child;
    dispatchMessage(window, command(), PORTAL, otherFrame);
    dispatchMessage(window, command(), PORTAL, null);
    await windows.flush();
    expect(getTheme).not.toHaveBeenCalled();
    expect(windows.posts).toEqual([]);
  });

  it('the host ignores a command with a forged origin', async () => {
    const getTheme = vi.fn(() => ({ brand: 'fahrrad' }));
    const { windows } = setup({ getTheme });
    for (const origin of ['https://evil.example', `${PORTAL}.evil.example`, 'null', HOST, `${PORTAL}/`]) {
      dispatchMessage(window, command(), origin, windows.child);
    }
    await windows.flush();
    expect(getTheme).not.toHaveBeenCalled();
    expect(windows.posts).toEqual([]);
  });

  it('the host ignores malformed messages and commands not addressed to it', async () => {
    const handlers = { getTheme: vi.fn(), getContracts: vi.fn(), onError: vi.fn() };
    const { windows } = setup(handlers);
    const malformed: unknown[] = [
      'getTheme',
      null,
      42,
      JSON.stringify(command()),
      command({ id: 7 }),
      command({ name: 'deleteEverything' }),
      command({ name: 'getContracts' }),
      command({ sender: 'parent' }),
      command({ receiver: 'child' }),
      command({ sender: 'sibling' }),
      { id: 'cmd-1', sender: 'child', receiver: 'parent', name: 'getTheme' },
    ];
    for (const data of malformed) dispatchMessage(window, data, PORTAL, windows.child);
    await windows.flush();
    expect(handlers.getTheme).not.toHaveBeenCalled();
    expect(handlers.getContracts).not.toHaveBeenCalled();
    expect(windows.posts).toEqual([]);
  });

  it('the portal ignores commands from another window, a forged origin, malformed or misaddressed ones', async () => {
    const getContracts = vi.fn(() => [CONTRACT]);
    const { windows } = setup({}, { getContracts });
    const valid = { id: 'cmd-2', sender: 'parent', receiver: 'child', name: 'getContracts', payload: {} };
    dispatchMessage(windows.child, valid, HOST, linkWindows(window, HOST, PORTAL).parentProxy);
    dispatchMessage(windows.child, valid, 'https://evil.example', windows.parentProxy);
    dispatchMessage(windows.child, { ...valid, receiver: 'parent' }, HOST, windows.parentProxy);
    dispatchMessage(windows.child, { ...valid, name: 'getTheme' }, HOST, windows.parentProxy);
    dispatchMessage(windows.child, { ...valid, id: undefined }, HOST, windows.parentProxy);
    dispatchMessage(windows.child, [valid], HOST, windows.parentProxy);
    await windows.flush();
    expect(getContracts).not.toHaveBeenCalled();
    expect(windows.posts).toEqual([]);
    // Control: the same command from the host window at its origin is answered.
    dispatchMessage(windows.child, valid, HOST, windows.parentProxy);
    await windows.flush();
    expect(getContracts).toHaveBeenCalledTimes(1);
  });

  it('a reply with an unknown correspondingCommandId, or from the wrong origin, resolves nothing', async () => {
    let answer: (theme: { brand: string }) => void = () => {};
    const { child, windows } = setup({ getTheme: () => new Promise((resolve) => (answer = resolve)) });
    let settled: unknown = 'pending';
    const request = child.request('getTheme', {});
    void request.then((value) => (settled = value));
    await windows.flush();
    const id = (windows.posts[0]?.data as { id: string }).id;
    const reply = (correspondingCommandId: string) => ({
      id: 'reply-x',
      sender: 'parent',
      receiver: 'child',
      correspondingCommandId,
      payload: { brand: 'gefaelscht' },
    });
    dispatchMessage(windows.child, reply('unknown-id'), HOST, windows.parentProxy);
    dispatchMessage(windows.child, reply(id), 'https://evil.example', windows.parentProxy);
    dispatchMessage(windows.child, { ...reply(id), receiver: 'parent' }, HOST, windows.parentProxy);
    await windows.flush();
    expect(settled).toBe('pending');
    answer({ brand: 'fahrrad' });
    await expect(request).resolves.toEqual({ brand: 'fahrrad' });
  });

  it('never posts to "*"', async () => {
    const { child, host, windows } = await connected({ getTheme: () => null }, { getContracts: () => [] });
    await child.request('getTheme', {});
    await host.getContracts();
    expect(windows.posts.map((post) => post.targetOrigin)).toEqual([HOST, PORTAL, PORTAL, HOST]);
  });
});

describe('timeout', () => {
  it('a portal request without reply rejects after 20,000 ms with the spec message', async () => {
    vi.useFakeTimers();
    const { child, windows } = setup({ getTheme: () => new Promise(() => {}) });
    const outcome = child.request('getTheme', {}).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await windows.flush();
    await vi.advanceTimersByTimeAsync(19_999);
    let settled: string | undefined;
    void outcome.then((value) => (settled = value));
    await windows.flush();
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('Timeout exceeded for command getTheme');
  });

  it('a host request without reply rejects after 20,000 ms with the spec message', async () => {
    vi.useFakeTimers();
    const { host, child } = await connected();
    child.destroy();
    const outcome = host.getContracts().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(outcome).resolves.toBe('Timeout exceeded for command getContracts');
  });

  it('honours a shorter timeoutMs', async () => {
    vi.useFakeTimers();
    const { host, child } = await connected({}, {}, 1_000);
    child.destroy();
    const outcome = host.getContract('4000012345').catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(outcome).resolves.toBe('Timeout exceeded for command getContract');
  });
});

describe('destroy', () => {
  it('the host: pending requests reject, the iframe goes, later commands are not answered', async () => {
    const getTheme = vi.fn(() => ({ brand: 'fahrrad' }));
    const { host, element, windows } = await connected(
      { getTheme },
      { getContracts: () => new Promise(() => {}) },
    );
    const pending = host.getContracts();
    await windows.flush();
    const removed = vi.spyOn(window, 'removeEventListener');
    host.destroy();
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
    await expect(pending).rejects.toThrow('Connection closed before command getContracts was answered');
    expect(element.querySelector('iframe')).toBeNull();
    dispatchMessage(
      window,
      { id: 'late', sender: 'child', receiver: 'parent', name: 'getTheme', payload: {} },
      PORTAL,
      windows.child,
    );
    await windows.flush();
    expect(getTheme).not.toHaveBeenCalled();
    await expect(host.getContracts()).rejects.toThrow('Connection closed');
  });

  it('the portal: pending requests reject and later commands are not answered', async () => {
    const getContracts = vi.fn(() => [CONTRACT]);
    const { child, windows } = setup({ getTheme: () => new Promise(() => {}) }, { getContracts });
    const pending = child.request('getTheme', {});
    await windows.flush();
    child.destroy();
    await expect(pending).rejects.toThrow('Connection closed before command getTheme was answered');
    dispatchMessage(
      windows.child,
      { id: 'late', sender: 'parent', receiver: 'child', name: 'getContracts', payload: {} },
      HOST,
      windows.parentProxy,
    );
    await windows.flush();
    expect(getContracts).not.toHaveBeenCalled();
  });
});

describe('the iframe', () => {
  it('points at the product application with the partner and the embedded flag', () => {
    const { host, element } = setup();
    expect(host.iframe.parentElement).toBe(element);
    expect(host.iframe.src).toBe(`${PORTAL}/fahrrad/antrag/?embedded=true&partner=radhaus-mueller`);
    expect(host.iframe.title).toBe('Versicherung abschließen');
    expect(host.iframe.hasAttribute('allow')).toBe(false);
  });

  it('builds the address per channel with brand and broker number', () => {
    const base = { origin: `${PORTAL}/irrelevant/path`, partner: 'radhaus-mueller', product: 'hausrat' };
    expect(embedUrl({ ...base, channel: 'beratung', brand: 'fahrrad', vermittlernummer: '100200' })).toBe(
      `${PORTAL}/hausrat/beratung/?embedded=true&partner=radhaus-mueller&brand=fahrrad&vermittlernummer=100200`,
    );
    expect(embedUrl({ ...base, vmr: '100200' })).toBe(
      `${PORTAL}/hausrat/antrag/?embedded=true&partner=radhaus-mueller&vmr=100200`,
    );
    expect(embedUrl({ origin: PORTAL, partner: 'hausbank-nord', channel: 'kunden' })).toBe(
      `${PORTAL}/kunden/?embedded=true&partner=hausbank-nord`,
    );
    expect(embedUrl({ ...base, product: 'kfz' })).toBe(
      `${PORTAL}/antrag/allgemeine-versicherungsdaten/?embedded=true&partner=radhaus-mueller`,
    );
    expect(() => embedUrl({ ...base, product: 'kfz', channel: 'beratung' })).toThrow("no channel 'beratung'");
    expect(() => embedUrl({ origin: PORTAL, partner: 'radhaus-mueller' })).toThrow('needs a product');
    expect(() => embedUrl({ ...base, partner: '../admin' })).toThrow('invalid partner');
    expect(() => embedUrl({ ...base, product: 'x/../../api' })).toThrow('invalid product');
  });

  it('titles the customer area "Kundenbereich" unless told otherwise', () => {
    const element = document.createElement('div');
    const kunden = embed(element, { origin: PORTAL, partner: 'hausbank-nord', channel: 'kunden' });
    const titled = embed(element, {
      origin: PORTAL,
      partner: 'hausbank-nord',
      channel: 'kunden',
      title: 'Ihre Verträge',
    });
    expect(kunden.iframe.title).toBe('Kundenbereich');
    expect(titled.iframe.title).toBe('Ihre Verträge');
    kunden.destroy();
    titled.destroy();
  });

  it('the portal refuses to connect when it is not embedded', () => {
    const own = new EventTarget() as EventTarget & { parent: unknown };
    own.parent = own;
    expect(() => connectToHost({ hostOrigin: HOST, window: own as unknown as Window })).toThrow(
      'not embedded',
    );
  });
});
