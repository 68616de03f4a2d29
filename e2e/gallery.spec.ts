import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

const BRANDS = ['schirm', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;
const WIDTHS = [375, 1440] as const;
const GALLERY = '/entwicklung/komponenten';

/** Opens the gallery as the brand tests checked it (default brand), for the keyboard checks. */
async function open(page: Page): Promise<void> {
  await page.goto(`${GALLERY}?brand=schirm`);
  await expect(page.getByRole('heading', { level: 1, name: 'Komponenten-Galerie' })).toBeVisible();
}

test.describe('component gallery', () => {
  // The gallery is the largest page of the product: a full axe run on it takes several seconds.
  test.describe.configure({ timeout: 90_000 });

  for (const width of WIDTHS) {
    test(`is axe clean for every brand at ${width} px`, async ({ page, visit }, testInfo) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      for (const brand of BRANDS) {
        await visit(`${GALLERY}?brand=${brand}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Komponenten-Galerie' })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
        await page.screenshot({ path: testInfo.outputPath(`gallery-${brand}-${width}.png`), fullPage: true });
      }
    });
  }

  test('keyboard alone opens and closes the modal and returns focus', async ({ page }) => {
    await open(page);
    const trigger = page.getByRole('button', { name: 'Dialog öffnen' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Änderung übernehmen?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'abbrechen' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'bestätigen' })).toBeVisible();
    await expectNoAxeViolations(page, 'gallery with the modal open');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('keyboard alone opens and closes the slide-out help panel', async ({ page }) => {
    await open(page);
    const trigger = page.getByRole('button', { name: 'Hinweis öffnen' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Hinweis' });
    await expect(panel).toBeVisible();
    await expectNoAxeViolations(page, 'gallery with the help panel open');
    await panel.getByRole('button', { name: 'Schließen' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('arrow keys move through a radio group', async ({ page }) => {
    await open(page);
    // The first group with a chosen option (the gallery shows the empty state first).
    const group = page
      .getByRole('radiogroup', { name: /^Zahlweise/ })
      .filter({ has: page.getByRole('radio', { checked: true }) })
      .first();
    const checked = group.getByRole('radio', { checked: true });
    await checked.focus();
    const before = await checked.getAttribute('value');
    await page.keyboard.press('ArrowDown');
    const after = group.getByRole('radio', { checked: true });
    await expect(after).toBeFocused();
    expect(await after.getAttribute('value')).not.toBe(before);
  });

  test('the slider snaps to the next allowed value with the keyboard', async ({ page }) => {
    await open(page);
    const slider = page.getByRole('slider', { name: /Selbstbeteiligung/ }).first();
    await slider.focus();
    await expect(slider).toHaveAttribute('aria-valuetext', /300/);
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', /500/);
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', /1\.000/);
  });

  test('the editor toolbar works with the keyboard', async ({ page }) => {
    await open(page);
    const toolbar = page.getByRole('toolbar', { name: /Schadenbeschreibung/ });
    const bold = toolbar.getByRole('button', { name: 'Fett' });
    await bold.focus();
    await page.keyboard.press('ArrowRight');
    const italic = toolbar.getByRole('button', { name: 'Kursiv' });
    await expect(italic).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(italic).toHaveAttribute('aria-pressed', 'true');
  });
});
