// What the self-service E2E specs read off step two and the contract page (issue 12: previews name
// today's premium, the premium after the pending changes without this one and with it, and a
// timeline whose step 'Diese Änderung' carries the premium stored with the change).
import type { Locator, Page } from '@playwright/test';

const FIGURES = 'dl[aria-label="Beitrag vor und nach der Änderung"] > div';

/** The bold value of a preview row whose label matches `label`. */
export function previewRow(page: Page, label: RegExp): Locator {
  return page
    .locator(FIGURES)
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd strong');
}

/** The new premium: 'Neuer Beitrag' or, with pending changes, 'Neuer Beitrag mit dieser Änderung'. */
export function newPremiumRow(page: Page): Locator {
  return previewRow(page, /^Neuer Beitrag/);
}

/**
 * The premium stored with this change (from its own day): the timeline step 'Diese Änderung' where
 * changes are pending, else the new premium. Text like '7,45 EUR monatlich'.
 */
export async function ownPremium(page: Page): Promise<string> {
  const step = page.locator('ol li').filter({ hasText: /^Diese Änderung/ });
  if ((await step.count()) > 0) {
    const text = (await step.first().textContent()) ?? '';
    return /danach (.+? EUR \S+)/.exec(text)?.[1] ?? '';
  }
  return ((await newPremiumRow(page).textContent()) ?? '').trim();
}

/** The entry of a pending change on the contract page: '<name>: <value> ab <date> (neuer Beitrag: …)'. */
export function pendingEntry(page: Page, name: string, date: string): Locator {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .getByRole('region', { name: 'Vorgemerkte Änderungen' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${escaped}: .+ ab ${date.replaceAll('.', '\\.')}`) });
}
