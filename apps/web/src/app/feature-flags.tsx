import { OpenFeature, OpenFeatureProvider, type Provider } from '@openfeature/react-sdk';
import { useEffect, useState, type ReactNode } from 'react';
import { FlagStatusContext, type FlagStatus } from '../lib/flags';
import type { Brand } from '../ui/theme/brands';

/** Spec §9: after this the app stops waiting for the flag service and keeps the defaults. */
export const FLAG_INIT_TIMEOUT_MS = 2_000;
export const FLAG_CONTEXT_COOKIE = 'schirm_flag_context';

/**
 * The OFREP provider against this site's `/ofrep`, loaded on demand to keep it out of the first
 * paint's JavaScript. No persistent cache: flag answers are not kept on the device.
 */
export async function createOfrepProvider({
  origin = window.location.origin,
  fetchImplementation,
}: { origin?: string; fetchImplementation?: typeof fetch } = {}): Promise<Provider> {
  const { OFREPWebProvider } = await import('@openfeature/ofrep-web-provider');
  return new OFREPWebProvider({
    baseUrl: origin,
    cacheMode: 'disabled',
    ...(fetchImplementation ? { fetchImplementation } : {}),
  });
}

/** Tells the server's flag evaluation the brand for requests that carry no context (spec §9: SameSite strict). */
export function setFlagContextCookie(
  brand: Brand,
  { secure = window.location.protocol === 'https:' }: { secure?: boolean } = {},
): void {
  const value = encodeURIComponent(JSON.stringify({ brand }));
  document.cookie = `${FLAG_CONTEXT_COOKIE}=${value}; SameSite=Strict; Path=/${secure ? '; Secure' : ''}`;
}

/**
 * Connects OpenFeature to the flag service with the context `{ brand, targetingKey }`. Resolves
 * 'timeout' after 2,000 ms if the service has not answered; flags then keep their defaults.
 * The app renders meanwhile (with defaults), so this never delays the first paint.
 */
export async function startFeatureFlags({
  brand,
  targetingKey,
  provider = createOfrepProvider(),
  timeoutMs = FLAG_INIT_TIMEOUT_MS,
}: {
  brand: Brand;
  targetingKey: string;
  provider?: Provider | Promise<Provider>;
  timeoutMs?: number;
}): Promise<Exclude<FlagStatus, 'pending'>> {
  setFlagContextCookie(brand);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const ready = Promise.resolve(provider)
    .then((resolved) => OpenFeature.setProviderAndWait(resolved, { brand, targetingKey }))
    .then(
      () => 'ready' as const,
      () => 'error' as const,
    );
  try {
    return await Promise.race([ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Provides flag values to the app; `initialization` is the promise of startFeatureFlags. */
export function FeatureFlagProvider({
  initialization,
  children,
}: {
  initialization: Promise<Exclude<FlagStatus, 'pending'>>;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<FlagStatus>('pending');
  useEffect(() => {
    let isCurrent = true;
    void initialization.then((outcome) => {
      if (isCurrent) setStatus(outcome);
    });
    return () => {
      isCurrent = false;
    };
  }, [initialization]);

  return (
    <FlagStatusContext value={status}>
      <OpenFeatureProvider>{children}</OpenFeatureProvider>
    </FlagStatusContext>
  );
}
