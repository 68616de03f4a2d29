import { useFlag as useOpenFeatureFlag, type JsonValue } from '@openfeature/react-sdk';
import { FLAG_DEFINITIONS, isValidFlagValue, type FlagKey, type FlagValue } from '@schirm/domain/flags';
import { createContext, useContext } from 'react';

export type { FlagKey, FlagValue };

export type FlagStatus = 'pending' | 'ready' | 'timeout' | 'error';

/** Set by the app's FeatureFlagProvider; 'pending' until the flag service answered or timed out. */
export const FlagStatusContext = createContext<FlagStatus>('pending');

/**
 * The value of a flag of spec §6, typed by its key. Until the flag service answers, and when it
 * answers with a value of the wrong type, the safe default from @schirm/domain/flags applies.
 */
export function useFlag<K extends FlagKey>(key: K): FlagValue<K> {
  const defaultValue = FLAG_DEFINITIONS[key].defaultValue as FlagValue<K>;
  const { value } = useOpenFeatureFlag(key, defaultValue as boolean | JsonValue);
  return isValidFlagValue(key, value) ? value : defaultValue;
}

/**
 * Whether the flag service answered or the 2,000 ms passed; screens whose layout depends on a
 * flag can wait for this instead of showing the default first and then switching.
 */
export function useFlagsSettled(): boolean {
  return useContext(FlagStatusContext) !== 'pending';
}
