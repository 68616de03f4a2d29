// Issue 6, item 5: a demo customer downloads the data export (DSGVO Art. 15 and 20) from Meine Daten;
// the saved file is the versioned JSON with the customer's own contracts; axe at 375 and 1440 px.
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInThroughApi } from './identity-support';

const MARKUS = {
  email: 'markus.weber@example.com',
  mobile: '+4915200000102',
  partnerNummer: '1000000002',
  contracts: ['9000000201', '9000000202', '9000000203', '9000000204', '9000000205', '9000000206'],
};
const JONAS = {
  email: 'jonas.becker@example.com',
  mobile: '+4915200000103',
  partnerNummer: '1000000003',
  contracts: ['9000000301', '9000000302', '9000000303'],
};

// SRP in the browser (3072-bit) and axe on every page take a few seconds per step.
test.describe.configure({ timeout: 120_000 });

interface ExportFile {
  format: string;
  version: number;
  person: { partnerNummer: string };
  vertraege: { vertrag: { versicherungsNummer: string } }[];
}

/** Clicks the download button on Meine Daten and reads the file the browser saved. */
async function downloadExport(page: Page): Promise<{ fileName: string; file: ExportFile }> {
  const section = page.getByRole('region', { name: 'Ihre Daten herunterladen' });
  await expect(section).toContainText('Art. 15 DSGVO');
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Daten herunterladen (JSON)' }).click();
  const saved = await download;
  await expect(section.getByRole('status')).toContainText('heruntergeladen');
  const text = await fs.readFile(await saved.path(), 'utf8');
  return { fileName: saved.suggestedFilename(), file: JSON.parse(text) as ExportFile };
}

for (const [width, height, person] of [
  [1440, 900, MARKUS],
  [375, 812, JONAS],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    // The 1440 px run is @erweitert (`npm run test:e2e` only): the same journey runs at 375 px in `npm test`.
    test(`${person.email} downloads all their data as JSON${width === 1440 ? ' @erweitert' : ''}`, async ({
      page,
      visit,
    }) => {
      await signInThroughApi(page, { portal: 'kunden', email: person.email, mobile: person.mobile });

      await visit('/kunden/kundendaten/');
      await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
      const { fileName, file } = await downloadExport(page);

      expect(fileName).toMatch(/^schirm-datenauskunft-\d{4}-\d{2}-\d{2}\.json$/);
      expect(file).toMatchObject({
        format: 'schirm-datenauskunft',
        version: 1,
        person: { partnerNummer: person.partnerNummer },
      });
      // The demo contracts, and none of the other customer's; a spec that ran earlier on this
      // server may have concluded another contract for the same person (e.g. the advice journey).
      const numbers = file.vertraege.map((entry) => entry.vertrag.versicherungsNummer);
      expect(numbers).toEqual(expect.arrayContaining([...person.contracts]));
      const other = person === JONAS ? MARKUS : JONAS;
      expect(numbers.filter((number) => other.contracts.includes(number))).toEqual([]);
      // The page after the download (status message shown) is checked too.
      await expectNoAxeViolations(page, '/kunden/kundendaten/ after the download');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
    });
  });
}
