// Issue 12, item 8: a nickname of the longest allowed length (50 characters, one word) does not
// widen the customer portal past a 375 px screen: Anna gives herself one, the start page and
// Meine Daten keep to the screen's width, and she takes her nickname back.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, signInThroughApi } from './identity-support';

// SRP in the browser (3072-bit) takes a few seconds per sign-in.
test.describe.configure({ timeout: 120_000 });

const LONG_NICKNAME = 'Annabellamariaconstanzeluisehenriettefriederikeeee';

async function saveNickname(page: Page, nickname: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Wie dürfen wir Sie ansprechen?' });
  await field.fill(nickname);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Ihre Kontaktdaten wurden gespeichert.')).toBeVisible();
}

async function expectWithinScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a 50-character nickname wraps instead of widening the page', async ({ page, visit }) => {
    expect(LONG_NICKNAME).toHaveLength(50);
    await signInThroughApi(page, { portal: 'kunden', ...DEMO.anna });

    await visit('/kunden/kundendaten/kontaktdaten/');
    const before = await page.getByRole('textbox', { name: 'Wie dürfen wir Sie ansprechen?' }).inputValue();
    await saveNickname(page, LONG_NICKNAME);
    await expectWithinScreen(page);

    await visit('/kunden/');
    await expect(page.getByText(LONG_NICKNAME).first()).toBeVisible();
    await expectWithinScreen(page);

    await visit('/kunden/kundendaten/');
    await expectWithinScreen(page);

    await visit('/kunden/kundendaten/kontaktdaten/');
    await saveNickname(page, before);
  });
});
