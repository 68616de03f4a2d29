import fs from 'node:fs/promises';
import path from 'node:path';

export const TEXT_CHANNELS = ['preview', 'live'] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];

/** Namespace names are file names: lower-case words with dashes, so no path can be smuggled in. */
export const NAMESPACE_PATTERN = /^[a-z][a-z0-9-]*$/;

export type TextTree = { [key: string]: unknown };

function isTree(value: unknown): value is TextTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `override` laid over `base`: nested objects merge key by key, anything else replaces. */
export function deepMerge(base: TextTree, override: TextTree): TextTree {
  const merged: TextTree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isTree(current) && isTree(value) ? deepMerge(current, value) : value;
  }
  return merged;
}

async function readTree(file: string): Promise<TextTree | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isTree(parsed)) throw new Error(`${file} does not hold a JSON object`);
  return parsed;
}

/**
 * The texts of a namespace: live/<ns>.json, or for preview that file with preview/<ns>.json laid
 * over it. Undefined when the namespace does not exist in the channel.
 */
export async function readNamespace(
  textsDir: string,
  channel: TextChannel,
  namespace: string,
): Promise<TextTree | undefined> {
  if (!NAMESPACE_PATTERN.test(namespace)) return undefined;
  const live = await readTree(path.join(textsDir, 'live', `${namespace}.json`));
  if (channel === 'live') return live;
  const preview = await readTree(path.join(textsDir, 'preview', `${namespace}.json`));
  if (!live && !preview) return undefined;
  return deepMerge(live ?? {}, preview ?? {});
}
