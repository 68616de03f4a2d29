// Issue 13: a step change of the application, answer → new price shown, on the production server
// (`npx tsx bench/application-step.ts [baseUrl]`; without a URL it starts the server itself).
// In Chromium the bicycle questions are answered, then on the variant step the payment period of
// the comparison is switched 20 times; each time is measured from the click until every variant's
// price shows the new period (the price request to /api/taa/fahrrad2/tarifieren and the render).
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { chromium, type Page } from 'playwright-core';
import { startServer, type RunningServer } from './server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROUNDS = Number(process.env.BENCH_STEP_ROUNDS ?? 20);

async function choose(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('radio', { name, exact: true }).locator('xpath=ancestor::label[1]').click();
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const given = process.argv[2];
const server: RunningServer | undefined = given ? undefined : await startServer();
const baseUrl = given ?? server?.url ?? '';
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${baseUrl}/fahrrad/antrag/`);
  await choose(page, 'E-Bike / Pedelec');
  await choose(page, /Anderes Rad/);
  await page.getByRole('combobox', { name: /Hersteller/ }).fill('Riese');
  await page.getByRole('option', { name: /Riese/ }).first().click();
  await page.getByRole('textbox', { name: /Kaufpreis/ }).fill('4.500');
  await page
    .getByRole('group', { name: /Kaufdatum/ })
    .getByRole('spinbutton')
    .first()
    .click();
  const bought = addDays(todayInGermany(), -60).split('-').reverse().join('');
  await page.keyboard.type(bought);
  await choose(page, 'Neu gekauft');
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  const prices = page.getByRole('cell', { name: /EUR (monatlich|jährlich)/ });
  await prices.first().waitFor();

  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const period = round % 2 === 0 ? 'jährlich' : 'monatlich';
    const started = performance.now();
    await choose(page, period);
    await page.waitForFunction(
      (wanted) => {
        const cells = [...document.querySelectorAll('td, th')].filter((cell) =>
          /EUR/.test(cell.textContent ?? ''),
        );
        return cells.length > 0 && cells.every((cell) => (cell.textContent ?? '').includes(`EUR ${wanted}`));
      },
      period,
      { polling: 'raf' },
    );
    times.push(performance.now() - started);
  }
  console.log(`Step change (payment period → every variant's new price shown), ${ROUNDS} times:`);
  console.log(
    `  median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await server?.stop();
}
