import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import { OpenFeature, OpenFeatureProvider, type Provider } from '@openfeature/react-sdk';
import { useEffect, useState, type ReactNode } from 'react';
import { FlagStatusContext, type FlagStatus } from '../lib/flags';
import type { Brand } from '../ui/theme/brands';
import type { FlagOutcome } from './app-services';

/** Spec §9: after this the app stops waiting for the flag service and keeps the defaults. */
export const FLAG_INIT_TIMEOUT_MS = 2_000;

/**
 * The OFREP provider against this site's `/ofrep`. No persistent cache: flag answers are not kept
 * on the device. (This module is loaded with the first page that needs flags, not at start.)
 */
export function createOfrepProvider({
  origin = window.location.origin,
  fetchImplementation,
}: { origin?: string; fetchImplementation?: typeof fetch } = {}): Provider {
  return new OFREPWebProvider({
    baseUrl: origin,
    cacheMode: 'disabled',
    ...(fetchImplementation ? { fetchImplementation } : {}),
  });
}

/**
 * Connects OpenFeature to the flag service with the context `{ brand, targetingKey }`. Resolves
 * 'timeout' after 2,000 ms if the service has not answered; flags then keep their defaults.
 * Pages render meanwhile (with defaults), so this never delays a paint. The flag-context cookie
 * is set at start (setFlagContextCookie), before any call of the app.
 */
export async function startFeatureFlags({
  brand,
  targetingKey,
  provider = createOfrepProvider(),
  timeoutMs = FLAG_INIT_TIMEOUT_MS,
}: {
  brand: Brand;
  targetingKey: string;
  provider?: Provider;
  timeoutMs?: number;
}): Promise<FlagOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const ready = Promise.resolve()
    .then(() => OpenFeature.setProviderAndWait(provider, { brand, targetingKey }))
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

/** Outcomes of settled initializations, so a provider mounted later starts settled. */
const settledOutcomes = new WeakMap<Promise<FlagOutcome>, FlagOutcome>();

/**
 * Provides flag values to the pages below; `initialization` is the promise of startFeatureFlags.
 * Mounted again for another area with the same promise, it knows the outcome at once.
 */
export function FeatureFlagProvider({
  initialization,
  children,
}: {
  initialization: Promise<FlagOutcome>;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<FlagStatus>(() => settledOutcomes.get(initialization) ?? 'pending');
  useEffect(() => {
    let isCurrent = true;
    void initialization.then((outcome) => {
      settledOutcomes.set(initialization, outcome);
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
