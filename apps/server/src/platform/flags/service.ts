import {
  OpenFeature,
  ProviderEvents,
  type Client,
  type EvaluationDetails,
  type JsonValue,
} from '@openfeature/server-sdk';
import type { Environment } from '@schirm/domain/environment';
import {
  FLAG_DEFINITIONS,
  FLAG_KEYS,
  type FlagKey,
  type FlagValue,
  type FlagValues,
} from '@schirm/domain/flags';
import { BRAND_VALUES, type BrandValue } from '@schirm/domain/products/enums';
import type { FastifyRequest } from 'fastify';
import { FLAG_SETTINGS } from './definitions';
import { DEFAULT_BRAND, SchirmFlagProvider } from './provider';

export interface FlagContext {
  environment: Environment;
  brand: BrandValue;
  targetingKey?: string;
}

export type FlagMetadata = Record<string, string | number | boolean>;

export interface FlagEvaluation<K extends FlagKey = FlagKey> {
  key: K;
  value: FlagValue<K>;
  reason: string;
  variant?: string;
  metadata: FlagMetadata;
  /** Set when the provider failed; `value` is then the safe default. */
  errorCode?: string;
  errorMessage?: string;
}

export interface FlagService {
  evaluate<K extends FlagKey>(key: K, context: FlagContext): Promise<FlagEvaluation<K>>;
  evaluateAll(context: FlagContext): Promise<FlagEvaluation[]>;
  values(context: FlagContext): Promise<FlagValues>;
}

const OPENFEATURE_DOMAIN = 'schirm';
let client: Client | undefined;

/**
 * Evaluations per flag, environment and brand. The provider resolves from static settings, so the
 * answer for the same flag and context cannot change while the process runs; going through the
 * OpenFeature client on every pricing request cost ~15 µs of CPU and several allocations. The
 * cache is dropped whenever the provider reports new settings or is replaced (configuration-changed
 * and ready events), so a provider with live settings stays correct. Contexts with a targeting
 * key and failed evaluations are never cached.
 */
const evaluationCache = new Map<string, FlagEvaluation>();
// All flag values of an environment and brand, built from cached evaluations only (frozen).
const valuesCache = new Map<string, FlagValues>();

// The OpenFeature API is a process-wide singleton; the provider is stateless (static settings),
// so every app instance in the process can share one client (and the cache of its answers).
function flagClient(): Client {
  if (!client) {
    OpenFeature.setProvider(OPENFEATURE_DOMAIN, new SchirmFlagProvider(FLAG_SETTINGS));
    client = OpenFeature.getClient(OPENFEATURE_DOMAIN);
    const clearCache = () => {
      evaluationCache.clear();
      valuesCache.clear();
    };
    client.addHandler(ProviderEvents.ConfigurationChanged, clearCache);
    client.addHandler(ProviderEvents.Ready, clearCache);
  }
  return client;
}

function cacheKey(key: FlagKey, context: FlagContext): string | undefined {
  return context.targetingKey === undefined ? `${key}|${context.environment}|${context.brand}` : undefined;
}

function freeze<K extends FlagKey>(evaluation: FlagEvaluation<K>): FlagEvaluation<K> {
  Object.freeze(evaluation.metadata);
  return Object.freeze(evaluation);
}

function toEvaluation<K extends FlagKey>(key: K, details: EvaluationDetails<JsonValue>): FlagEvaluation<K> {
  return {
    key,
    value: details.value as FlagValue<K>,
    reason: details.reason ?? 'UNKNOWN',
    ...(details.variant === undefined ? {} : { variant: details.variant }),
    metadata: { ...details.flagMetadata },
    ...(details.errorCode === undefined ? {} : { errorCode: details.errorCode }),
    ...(details.errorMessage === undefined ? {} : { errorMessage: details.errorMessage }),
  };
}

/** Flag evaluation through the OpenFeature server SDK with the per-environment settings. */
export function createFlagService(): FlagService {
  const openFeature = flagClient();
  const evaluate = async <K extends FlagKey>(key: K, context: FlagContext): Promise<FlagEvaluation<K>> => {
    const cacheAs = cacheKey(key, context);
    const cached = cacheAs === undefined ? undefined : evaluationCache.get(cacheAs);
    if (cached) return cached as FlagEvaluation<K>;
    const definition = FLAG_DEFINITIONS[key];
    const evaluationContext = { ...context };
    const details =
      definition.type === 'boolean'
        ? await openFeature.getBooleanDetails(key, definition.defaultValue as boolean, evaluationContext)
        : await openFeature.getObjectDetails(
            key,
            [...definition.defaultValue] as JsonValue,
            evaluationContext,
          );
    const evaluation = freeze(toEvaluation(key, details));
    if (cacheAs !== undefined && evaluation.errorCode === undefined) evaluationCache.set(cacheAs, evaluation);
    return evaluation;
  };
  const evaluateAll = (context: FlagContext) => Promise.all(FLAG_KEYS.map((key) => evaluate(key, context)));
  return {
    evaluate,
    evaluateAll,
    values: async (context) => {
      const cacheAs =
        context.targetingKey === undefined ? `${context.environment}|${context.brand}` : undefined;
      const cached = cacheAs === undefined ? undefined : valuesCache.get(cacheAs);
      if (cached) return cached;
      const evaluations = await evaluateAll(context);
      const values = Object.freeze(
        Object.fromEntries(evaluations.map(({ key, value }) => [key, value])),
      ) as unknown as FlagValues;
      // Kept only when every flag evaluated without error, like the evaluations themselves.
      if (cacheAs !== undefined && evaluations.every((e) => e.errorCode === undefined)) {
        valuesCache.set(cacheAs, values);
      }
      return values;
    },
  };
}

export const FLAG_CONTEXT_COOKIE = 'schirm_flag_context';

/** The brand the web app stored in the flag-context cookie (JSON `{ "brand": … }`), if valid. */
export function brandFromCookie(request: FastifyRequest): BrandValue | undefined {
  const raw = request.cookies[FLAG_CONTEXT_COOKIE];
  if (!raw) return undefined;
  try {
    const brand: unknown = (JSON.parse(raw) as { brand?: unknown } | null)?.brand;
    return (BRAND_VALUES as readonly unknown[]).includes(brand) ? (brand as BrandValue) : undefined;
  } catch {
    return undefined;
  }
}

/** Flag values for this request: environment from the Host header, brand from the flag-context cookie. */
export function getFlags(request: FastifyRequest, options: { brand?: BrandValue } = {}): Promise<FlagValues> {
  return request.server.flags.values({
    environment: request.environment,
    brand: options.brand ?? brandFromCookie(request) ?? DEFAULT_BRAND,
  });
}
