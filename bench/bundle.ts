// Gzip size of the initial JavaScript of each area: what Chromium downloads to show the area's
// first page (every script until its heading shows and the network is then quiet), against the bar of the sign-in pages
// (issue 11: at most 150 KiB). Used by `npm run bench`; on its own, against a running server
// (exit code 1 when a page is over its bar):
//   npx tsx bench/bundle.ts http://localhost:3100
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';

export interface BundleResult {
  area: string;
  path: string;
  scripts: number;
  gzipKiB: number;
  /**
   * Application steps: the JavaScript loaded when the person first focuses a field (gzip KiB): the
   * first step comes without the wizard, which loads then (ADR 0023, 'Size of the first application step').
   */
  onFirstInputKiB?: number;
  /** The most initial JavaScript the page may load (gzip KiB), if it has a bar. */
  barKiB?: number;
}

/** Issue 11: the sign-in pages' initial JavaScript at most 150 KiB gzip (ADR 0017). */
export const SIGN_IN_BAR_KIB = 150;

/** Issue 13: the first application step of each product at most 180 KiB gzip initial JavaScript. */
export const APPLICATION_BAR_KIB = 180;

/** The first page of each product's application (the wizard opens its first step there). */
const PRODUCT_APPLICATION_PATHS = [
  '/fahrrad/antrag/',
  '/tierhalterhaftpflicht/antrag/',
  '/privathaftpflicht/antrag/',
  '/hausrat/antrag/',
  '/betriebshaftpflicht/antrag/',
  '/sachinhalt/antrag/',
  '/sachinhalt-mehrgefahren/antrag/',
  '/vermoegensschadenhaftpflicht/antrag/',
  '/reise/antrag/',
  '/antrag/allgemeine-versicherungsdaten/',
];

export const AREAS: { area: string; path: string; barKiB?: number; measureFirstInput?: boolean }[] = [
  { area: 'public', path: '/' },
  { area: 'kunden', path: '/kunden/login/', barKiB: SIGN_IN_BAR_KIB },
  { area: 'vermittler', path: '/vermittler/login/', barKiB: SIGN_IN_BAR_KIB },
  { area: 'antrag', path: '/antrag/fehler/' },
  // Issue 13: each product's first application step at most 180 KiB gzip.
  ...PRODUCT_APPLICATION_PATHS.map((path) => ({
    area: 'antrag',
    path,
    barKiB: APPLICATION_BAR_KIB,
    measureFirstInput: true,
  })),
];

/** The pages whose initial JavaScript is over their bar. */
export function bundlesOverBar(results: BundleResult[]): BundleResult[] {
  return results.filter((result) => result.barKiB !== undefined && result.gzipKiB > result.barKiB);
}

/** The results as a Markdown table with each bar and whether the page keeps it. */
export function formatBundles(results: BundleResult[]): string {
  const lines = [
    '| area | path | scripts | gzip KiB | bar KiB | then on the first input, gzip KiB |',
    '| --- | --- | ---: | ---: | --- | ---: |',
  ];
  for (const r of results) {
    const bar =
      r.barKiB === undefined ? '' : `≤ ${r.barKiB} ${r.gzipKiB <= r.barKiB ? '✓' : '✗ over the bar'}`;
    lines.push(
      `| ${r.area} | ${r.path} | ${r.scripts} | ${r.gzipKiB} | ${bar} | ${r.onFirstInputKiB ?? ''} |`,
    );
  }
  return lines.join('\n');
}

const QUIET_MS = 1_000;

/** Resolves once the page has had no request in flight for quietMs (a quiet window, armed by the page's own requests). */
async function networkQuiet(page: Page, quietMs: number): Promise<void> {
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done: () => void = () => undefined;
  const quiet = new Promise<void>((resolve) => {
    done = resolve;
  });
  const arm = () => {
    clearTimeout(timer);
    if (inFlight === 0) timer = setTimeout(done, quietMs);
  };
  const started = () => {
    inFlight += 1;
    clearTimeout(timer);
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    arm();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    arm();
    await quiet;
  } finally {
    clearTimeout(timer);
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

async function gzipKiB(bodies: Promise<Buffer>[]): Promise<number> {
  const buffers = await Promise.all(bodies);
  const gzipBytes = buffers.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  return Math.round((gzipBytes / 1024) * 10) / 10;
}

/** Loads each area in headless Chromium and sums the gzip size of every script it fetched. */
export async function measureBundles(baseUrl: string, executablePath: string): Promise<BundleResult[]> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const results: BundleResult[] = [];
  try {
    for (const { area, path, barKiB, measureFirstInput } of AREAS) {
      const page = await browser.newPage();
      const bodies: Promise<Buffer>[] = [];
      const collect = (response: Response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body());
      };
      page.on('response', collect);
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      // On a busy machine the entry can run longer than networkidle's 500 ms before it asks for
      // the page's chunks: wait for the page's heading, then for a second without requests.
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
      await networkQuiet(page, QUIET_MS);
      // What arrives later is not the first page's; reading it while the page closes would fail.
      page.off('response', collect);
      const scripts = bodies.length;
      const initialKiB = await gzipKiB(bodies);
      // An application's wizard loads when the person first focuses a field of the first step.
      let onFirstInputKiB: number | undefined;
      if (measureFirstInput) {
        const later: Promise<Buffer>[] = [];
        const collectLater = (response: Response) => {
          if (response.request().resourceType() === 'script') later.push(response.body());
        };
        page.on('response', collectLater);
        await page.locator('main form input').first().focus();
        await page.locator('[data-rac]').first().waitFor({ state: 'attached', timeout: 60_000 });
        await networkQuiet(page, QUIET_MS);
        page.off('response', collectLater);
        onFirstInputKiB = await gzipKiB(later);
      }
      results.push({
        area,
        path,
        scripts,
        gzipKiB: initialKiB,
        ...(barKiB === undefined ? {} : { barKiB }),
        ...(onFirstInputKiB === undefined ? {} : { onFirstInputKiB }),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = process.argv[2];
  if (!baseUrl) throw new Error('Usage: npx tsx bench/bundle.ts <base URL of a running server>');
  const results = await measureBundles(baseUrl, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  console.log(formatBundles(results));
  if (bundlesOverBar(results).length > 0) process.exitCode = 1;
}
