import { useContext, useEffect, useState } from 'react';
import { FLAG_DEFINITIONS, isValidFlagValue, type FlagKey, type FlagValue } from '@schirm/domain/flags';
import { request as apiRequest } from './api';
import { DeferredServicesContext, type FlagContext } from './deferred-services';
import type { RequestFn } from './request';

/*
 * One flag without the OpenFeature SDK, for a first screen that must stay small (the sign-in's
 * 'Hilfe' button, ADR 0017). Pages below ServicesRoute use lib/flags.ts' useFlag.
 */

const answers = new Map<string, Promise<unknown>>();
const settled = new Map<string, unknown>();

function cacheKeyOf(key: FlagKey, context: FlagContext): string {
  return JSON.stringify([key, context.brand, context.targetingKey]);
}

/**
 * Evaluates one flag with one OFREP call (POST /ofrep/v1/evaluate/flags/{key}), without the
 * OpenFeature SDK. Any failure, or a value of the wrong type, gives the flag's safe default. The
 * answer is kept in memory for the page's lifetime (never on the device).
 */
export function evaluateFlag<K extends FlagKey>(
  key: K,
  context: FlagContext,
  { request = apiRequest }: { request?: RequestFn } = {},
): Promise<FlagValue<K>> {
  const defaultValue = FLAG_DEFINITIONS[key].defaultValue as FlagValue<K>;
  const cacheKey = cacheKeyOf(key, context);
  let answer = answers.get(cacheKey) as Promise<FlagValue<K>> | undefined;
  if (!answer) {
    answer = request<{ value?: unknown }>({
      method: 'POST',
      path: '/ofrep/v1/evaluate/flags/{key}',
      pathParams: { key },
      body: { context: { brand: context.brand, targetingKey: context.targetingKey } },
      authenticated: false,
      cancelPrevious: false,
    }).then((result) => {
      const value = result.ok && !result.canceled ? result.data?.value : undefined;
      const typed = isValidFlagValue(key, value) ? value : defaultValue;
      settled.set(cacheKey, typed);
      return typed;
    });
    answers.set(cacheKey, answer);
  }
  return answer;
}

/**
 * A flag's value for a screen without the OpenFeature SDK (see evaluateFlag): the safe default
 * until the flag service answered, as with useFlag. Without DeferredServices: the default.
 */
export function useFlagWithoutSdk<K extends FlagKey>(key: K): FlagValue<K> {
  const services = useContext(DeferredServicesContext);
  const defaultValue = FLAG_DEFINITIONS[key].defaultValue as FlagValue<K>;
  // A later visit of the page starts with the answer it already has.
  const [value, setValue] = useState<FlagValue<K>>(() =>
    services && settled.has(cacheKeyOf(key, services.flagContext))
      ? (settled.get(cacheKeyOf(key, services.flagContext)) as FlagValue<K>)
      : defaultValue,
  );
  useEffect(() => {
    if (!services) return;
    let isCurrent = true;
    void evaluateFlag(key, services.flagContext).then((answer) => {
      if (isCurrent) setValue(answer);
    });
    return () => {
      isCurrent = false;
    };
  }, [key, services]);
  return value;
}
