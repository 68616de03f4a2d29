// Lighthouse (mobile preset, default simulated throttling) on the start page and the customer
// sign-in of a running production build, in Debian's Chromium. Used by `npm run bench`; on its own:
//   npx tsx bench/lighthouse.ts http://localhost:3000
// Each page's full report goes to bench/results/lighthouse-<name>.json (open it in the Lighthouse
// viewer); the figures come back with the load average, since simulated throttling multiplies the
// CPU time measured on this machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_PAGES = [
  { name: 'start', path: '/' },
  { name: 'kunden-login', path: '/kunden/login/' },
];

export interface LighthouseResult {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts the page loaded and their bytes as sent (brotli from this server). */
  scripts: number;
  scriptTransferKiB: number;
  /** One-minute load average before and after the page's run (2-core machine shared with others). */
  loadAverage: [number, number];
  /**
   * Lighthouse's own measure of the machine's speed during the run (higher is faster): simulated
   * blocking time is the CPU time observed here times four, so a low index means inflated TBT.
   */
  benchmarkIndex: number;
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const round1 = (value: number) => Math.round(value * 10) / 10;

type NetworkItem = { resourceType?: string; transferSize?: number };

/** Runs Lighthouse on each page one after another in one Chromium; writes each report to resultsDir. */
export async function runLighthouse(
  baseUrl: string,
  chromePath: string,
  { resultsDir = path.join('bench', 'results') }: { resultsDir?: string } = {},
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const results: LighthouseResult[] = [];
  fs.mkdirSync(resultsDir, { recursive: true });
  try {
    for (const { name, path: pagePath } of LIGHTHOUSE_PAGES) {
      const loadBefore = os.loadavg()[0] ?? 0;
      const audit = () =>
        lighthouse(`${baseUrl}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
      let run = await audit();
      // Lighthouse itself asks for a second run when its trace failed (e.g. NO_NAVSTART on a busy machine).
      if (run?.lhr.runtimeError) run = await audit();
      if (!run) throw new Error(`Lighthouse returned no result for ${pagePath}`);
      const { lhr } = run;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.message}`);
      fs.writeFileSync(path.join(resultsDir, `lighthouse-${name}.json`), JSON.stringify(lhr));
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
      const scripts = (details?.items ?? []).filter((item) => item.resourceType === 'Script');
      results.push({
        page: name,
        path: pagePath,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcpMs: Math.round(numeric('first-contentful-paint')),
        lcpMs: Math.round(numeric('largest-contentful-paint')),
        tbtMs: Math.round(numeric('total-blocking-time')),
        cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
        scripts: scripts.length,
        scriptTransferKiB: round1(scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024),
        loadAverage: [round1(loadBefore), round1(os.loadavg()[0] ?? 0)],
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/** The results as a Markdown table. */
export function formatLighthouse(results: LighthouseResult[]): string {
  const lines = [
    '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | scripts | script KiB sent | load average | benchmark index |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.scripts} | ${r.scriptTransferKiB} | ${r.loadAverage.join(' → ')} | ${r.benchmarkIndex} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = process.argv[2];
  if (!baseUrl) throw new Error('Usage: npx tsx bench/lighthouse.ts <base URL of a running server>');
  const results = await runLighthouse(baseUrl, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  console.log(formatLighthouse(results));
}
