// How the host scripts are built (esbuild): one definition for the portal, which serves them at
// /embed/v1/, and for the size test. Pure data: the caller passes the package's directory.
import type { BuildOptions } from 'esbuild';

/** The served host scripts, by file name. */
export const HOST_BUNDLES = {
  'schirm-embed.js': { format: 'iife', globalName: 'SchirmEmbed' },
  'schirm-embed.mjs': { format: 'esm' },
} as const satisfies Record<string, Pick<BuildOptions, 'format' | 'globalName'>>;

export type HostBundleName = keyof typeof HOST_BUNDLES;

/** The size limit of each host script, gzip-compressed (issue 16). */
export const HOST_BUNDLE_MAX_GZIP_BYTES = 5 * 1024;

/** esbuild options for one host script, written to memory; `embedDir` is packages/embed. */
export function hostBundleOptions(embedDir: string, name: HostBundleName): BuildOptions & { write: false } {
  return {
    ...HOST_BUNDLES[name],
    entryPoints: [`${embedDir}/src/host-entry.ts`],
    bundle: true,
    minify: true,
    target: 'es2019',
    platform: 'browser',
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  };
}
