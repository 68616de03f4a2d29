// The host scripts partners load must stay small (≤ 5 KB gzip, issue 16) and be plain ES2019.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { HOST_BUNDLE_MAX_GZIP_BYTES, HOST_BUNDLES, hostBundleOptions, type HostBundleName } from './bundle';

const embedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function bundle(name: HostBundleName): Promise<string> {
  const result = await build(hostBundleOptions(embedDir, name));
  expect(result.outputFiles).toHaveLength(1);
  return result.outputFiles[0]!.text;
}

describe('host bundles', () => {
  it.each(Object.keys(HOST_BUNDLES) as HostBundleName[])('%s is at most 5 KB gzip', async (name) => {
    const code = await bundle(name);
    expect(HOST_BUNDLE_MAX_GZIP_BYTES).toBe(5120);
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(HOST_BUNDLE_MAX_GZIP_BYTES);
  });

  it('the script defines the global SchirmEmbed.embed', async () => {
    const code = await bundle('schirm-embed.js');
    const scope: { SchirmEmbed?: { embed?: unknown } } = {};
    new Function('self', `${code}\nself.SchirmEmbed = SchirmEmbed;`)(scope);
    expect(typeof scope.SchirmEmbed?.embed).toBe('function');
  });

  it('the module exports embed', async () => {
    const code = await bundle('schirm-embed.mjs');
    const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(code)?.[1] ?? '';
    const names = exported.split(',').map((entry) =>
      entry
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    );
    expect(names).toEqual(expect.arrayContaining(['embed', 'embedUrl', 'EMBED_COMMAND_TIMEOUT_MS']));
  });

  it('carries no syntax newer than ES2019', async () => {
    const code = await bundle('schirm-embed.js');
    expect(code).not.toMatch(/\?\?|\?\.(?!\d)/);
  });
});
