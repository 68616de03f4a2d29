import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { prerenderSignIns } from './src/prerender/vite-plugin.js';

// In development Vite serves the app and hands API and flag calls to the Fastify server.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget },
  '/ofrep': { target: apiTarget },
  // The embedding SDK's host scripts (ADR 0036) come from the server.
  '/embed': { target: apiTarget },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Every text file of the build also as .br and .gz at the highest levels (built once, served
    // many times): the server sends them with @fastify/static's preCompressed option (ADR 0017).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
    // The sign-ins' first screen as HTML in their own index.html, painted before the JavaScript
    // arrives (ADR 0017, second addendum).
    prerenderSignIns(),
  ],
  resolve: {
    // Every 'zod' import gets zod with the German error map installed (src/ui/forms/zod.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/ui/forms/zod.ts', import.meta.url)) }],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Common chunks under 20 kB (before minification) are copied into the chunks that import
          // them instead of being fetched on their own: the sign-in fetched 46 scripts and 14
          // style sheets, each a round trip on a slow phone connection; now 14 scripts (ADR 0017).
          // Turns on strictExecutionOrder (modules run in source order whatever chunk holds them).
          experimentalInlineCommonChunks: { maxSize: 20_000 },
        },
      },
    },
  },
});
