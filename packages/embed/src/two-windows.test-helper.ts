// Two windows for the SDK tests: the host page (happy-dom's window, or a fake) and the embedded
// portal (a fake). postMessage delivers a MessageEvent to the other window with the sender's
// origin and window as event.origin and event.source, as browsers do, and drops it when the
// target origin does not match (as browsers do); every post is recorded, '*' included.

export interface Post {
  from: 'parent' | 'child';
  data: unknown;
  targetOrigin: string;
}

export interface FakeWindow extends EventTarget {
  parent: FakeWindow | Window;
  postMessage(data: unknown, targetOrigin: string): void;
}

export interface LinkedWindows {
  /** The portal's window inside the iframe. */
  child: FakeWindow;
  /** The host as the portal sees it: child.parent, the source of the host's messages. */
  parentProxy: FakeWindow;
  posts: Post[];
  /** Lets queued deliveries (and the replies they cause) happen. */
  flush(): Promise<void>;
}

function deliver(target: EventTarget, data: unknown, origin: string, source: unknown): Promise<void> {
  const event = new MessageEvent('message', {
    data: structuredClone(data),
    origin,
    source: source as MessageEventSource,
  });
  return Promise.resolve().then(() => {
    target.dispatchEvent(event);
  });
}

/** Links `hostWindow` (at `hostOrigin`) with a fake portal window at `portalOrigin`. */
export function linkWindows(
  hostWindow: EventTarget,
  hostOrigin: string,
  portalOrigin: string,
): LinkedWindows {
  const posts: Post[] = [];
  const deliveries: Promise<void>[] = [];
  const child = new EventTarget() as FakeWindow;
  const parentProxy = new EventTarget() as FakeWindow;
  child.parent = parentProxy;
  parentProxy.parent = parentProxy;
  // The portal posts to the host page.
  parentProxy.postMessage = (data, targetOrigin) => {
    posts.push({ from: 'child', data, targetOrigin });
    if (targetOrigin !== hostOrigin) return;
    deliveries.push(deliver(hostWindow, data, portalOrigin, child));
  };
  // The host page posts to the portal.
  child.postMessage = (data, targetOrigin) => {
    posts.push({ from: 'parent', data, targetOrigin });
    if (targetOrigin !== portalOrigin) return;
    deliveries.push(deliver(child, data, hostOrigin, parentProxy));
  };
  return {
    child,
    parentProxy,
    posts,
    async flush() {
      // Deliveries cause handlers, whose replies cause deliveries: run until nothing is queued.
      for (let round = 0; round < 20; round += 1) {
        const batch = deliveries.splice(0);
        await Promise.all(batch);
        await new Promise<void>((resolve) => queueMicrotask(resolve));
        await Promise.resolve();
        if (batch.length === 0 && deliveries.length === 0) return;
      }
    },
  };
}

/** Dispatches a message event on `target` as if `source` at `origin` had posted `data`. */
export function dispatchMessage(target: EventTarget, data: unknown, origin: string, source: unknown): void {
  target.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
}
