// Gzip size of the initial JavaScript of each area: what Chromium downloads to show the area's first page.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface BundleResult {
  area: string;
  path: string;
  scripts: number;
  gzipKiB: number;
}

export const AREAS = [
  { area: 'public', path: '/' },
  { area: 'kunden', path: '/kunden/login/' },
  { area: 'vermittler', path: '/vermittler/login/' },
  { area: 'antrag', path: '/antrag/fehler/' },
];

/** Loads each area in headless Chromium and sums the gzip size of every script it fetched. */
export async function measureBundles(baseUrl: string, executablePath: string): Promise<BundleResult[]> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const results: BundleResult[] = [];
  try {
    for (const { area, path } of AREAS) {
      const page = await browser.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body());
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      const buffers = await Promise.all(bodies);
      const gzipBytes = buffers.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      results.push({
        area,
        path,
        scripts: buffers.length,
        gzipKiB: Math.round((gzipBytes / 1024) * 10) / 10,
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
