// `npm run bench`: make sure the web build is current (bundle sizes), then run the benchmark.
import { ensureWebBuild, run } from './lib.mjs';

await ensureWebBuild();
await run(process.execPath, ['--import', 'tsx', 'bench/run.ts']);
