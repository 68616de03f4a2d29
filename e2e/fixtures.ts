import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** WCAG 2.1/2.2 A and AA rules: every visited page must have zero violations. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The rules of AXE_TAGS whose outcome depends on colours: text contrast and links told apart from
 * the text around them. On a page whose content does not depend on the brand (no brand-targeted
 * feature flags, e.g. the component gallery) brands differ only in colour tokens
 * (ui/theme/tokens.css) and the brand's name, so once the page passes every rule in one brand it
 * needs only these in the others.
 */
export const AXE_COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// URLs axe has checked in this worker with every rule: a page state seen once is not checked
// again at a test's end.
const checkedUrls = new Set<string>();

/**
 * Runs axe on the page as it is now and fails with a readable list of violations. Every WCAG A/AA
 * rule unless `rules` names a subset (e.g. AXE_COLOUR_RULES for a page already checked in another
 * brand); a subset check does not count as the page's check at the end of the test.
 */
export async function expectNoAxeViolations(
  page: Page,
  context = page.url(),
  { rules }: { rules?: readonly string[] } = {},
): Promise<void> {
  // Never analyse a document between two navigations (no <title>, no lang yet).
  await page.waitForLoadState('load');
  await page.locator('html[lang] head title').waitFor({ state: 'attached' });
  // Nor a dialog or panel while it fades in or out (react-aria marks it): the contrast check would
  // see half-transparent text (a loaded CI machine reached the check mid-animation).
  await expect(page.locator('[data-entering], [data-exiting]')).toHaveCount(0);
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules([...rules]) : builder.withTags(AXE_TAGS)).analyze();
  if (!rules) checkedUrls.add(page.url());
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

/**
 * `test` with axe built in: `visit()` checks each page right after it has loaded, and at the end of
 * every test the page is checked too unless axe has already checked that very URL in this run (tests
 * that change a page's state in place, e.g. open a dialog, call expectNoAxeViolations themselves).
 */
export const test = base.extend<{ visit: (path: string) => Promise<void>; axeAfterEach: void }>({
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page, path);
    });
  },
  axeAfterEach: [
    async ({ page }, use, testInfo) => {
      await use();
      const url = page.url();
      if (testInfo.status !== 'passed' || !url.startsWith('http') || checkedUrls.has(url)) return;
      await expectNoAxeViolations(page, `${url} (end of test)`);
    },
    { auto: true },
  ],
});

export { expect };
