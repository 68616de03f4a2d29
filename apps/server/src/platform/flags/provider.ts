import {
  FlagNotFoundError,
  InvalidContextError,
  StandardResolutionReasons,
  TypeMismatchError,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/server-sdk';
import { ENVIRONMENTS, type Environment } from '@schirm/domain/environment';
import { FLAG_DEFINITIONS, isFlagKey, type FlagKey, type FlagType } from '@schirm/domain/flags';
import { BRAND_VALUES, type BrandValue } from '@schirm/domain/products/enums';
import type { EnvironmentFlagSettings } from './definitions';

export const DEFAULT_BRAND: BrandValue = 'schirm';

function isEnvironment(value: unknown): value is Environment {
  return (ENVIRONMENTS as readonly unknown[]).includes(value);
}

function isBrand(value: unknown): value is BrandValue {
  return (BRAND_VALUES as readonly unknown[]).includes(value);
}

function variantOf(value: boolean | readonly string[], isBrandValue: boolean, brand: BrandValue): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return isBrandValue ? `brand-${brand}` : 'environment';
}

/**
 * OpenFeature provider over the static per-environment settings. The evaluation context must carry
 * `environment` (set by the server from the Host header, never from the client) and may carry
 * `brand` (default 'schirm'); a brand-specific setting wins and reports TARGETING_MATCH.
 */
export class SchirmFlagProvider implements Provider {
  readonly metadata = { name: 'schirm-flags' } as const;
  readonly runsOn = 'server';

  constructor(private readonly settings: Readonly<Record<Environment, EnvironmentFlagSettings>>) {}

  async resolveBooleanEvaluation(flagKey: string, _default: boolean, context: EvaluationContext) {
    return this.resolve(flagKey, 'boolean', context) as ResolutionDetails<boolean>;
  }

  async resolveObjectEvaluation<T extends JsonValue>(
    flagKey: string,
    _default: T,
    context: EvaluationContext,
  ) {
    return this.resolve(flagKey, 'self-service-list', context) as ResolutionDetails<T>;
  }

  async resolveStringEvaluation(flagKey: string): Promise<ResolutionDetails<string>> {
    throw this.unsupported(flagKey, 'string');
  }

  async resolveNumberEvaluation(flagKey: string): Promise<ResolutionDetails<number>> {
    throw this.unsupported(flagKey, 'number');
  }

  private unsupported(flagKey: string, type: string): Error {
    return isFlagKey(flagKey)
      ? new TypeMismatchError(`Flag ${flagKey} is not a ${type} flag`)
      : new FlagNotFoundError(`Unknown flag ${flagKey}`);
  }

  private resolve(
    flagKey: string,
    expectedType: FlagType,
    context: EvaluationContext,
  ): ResolutionDetails<JsonValue> {
    if (!isFlagKey(flagKey)) throw new FlagNotFoundError(`Unknown flag ${flagKey}`);
    if (FLAG_DEFINITIONS[flagKey].type !== expectedType) {
      throw new TypeMismatchError(`Flag ${flagKey} is a ${FLAG_DEFINITIONS[flagKey].type} flag`);
    }
    const { environment } = context;
    const brand = context.brand ?? DEFAULT_BRAND;
    if (!isEnvironment(environment)) throw new InvalidContextError('The context needs a known environment');
    if (!isBrand(brand)) throw new InvalidContextError(`Unknown brand ${String(brand)}`);
    return this.lookup(flagKey, environment, brand);
  }

  private lookup(
    flagKey: FlagKey,
    environment: Environment,
    brand: BrandValue,
  ): ResolutionDetails<JsonValue> {
    const setting = this.settings[environment][flagKey];
    const brandValue = setting.brands?.[brand];
    const isTargeted = brandValue !== undefined;
    const value = isTargeted ? brandValue : setting.value;
    return {
      value: value as JsonValue,
      variant: variantOf(value, isTargeted, brand),
      reason: isTargeted ? StandardResolutionReasons.TARGETING_MATCH : StandardResolutionReasons.STATIC,
      flagMetadata: isTargeted ? { environment, brand } : { environment },
    };
  }
}
