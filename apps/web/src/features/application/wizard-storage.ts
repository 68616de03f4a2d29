// The wizard of one product kept in sessionStorage (spec §3/§4 wizard state): a reload, the back
// button and a deep link keep the answers of this tab; another tab starts its own. Beside the
// reducer's state it keeps the offer of the documents step and the idempotency key of that offer,
// so a retried or doubled send after a reload reuses the key.
import type { WizardState } from '@schirm/domain/application/wizard-state';
import type { Angebot, ApplicationResult } from './application-api';

/** What is stored per product. */
export interface StoredApplication {
  version: 1;
  wizard: WizardState<ApplicationResult>;
  /** The offer the documents step prepared for the current answers. */
  offer?: Angebot;
  /** One key per offer: every send of that offer carries it. */
  idempotency?: { angebotId: string; key: string };
}

const PREFIX = 'schirm.antrag.';

/** The storage key of a product's wizard. */
export function storageKey(slug: string): string {
  return `${PREFIX}${slug}`;
}

type WizardStore = Pick<Storage, 'getItem' | 'setItem'>;

// Storage can be blocked (privacy settings; a partner's frame on another site, issue 16): the
// wizard then lives as long as the page, in memory its pages share, so the confirmation and the
// result pages still find what the wizard saved.
const pageMemory = new Map<string, string>();
const memoryStore: WizardStore = {
  getItem: (key) => pageMemory.get(key) ?? null,
  setItem: (key, value) => void pageMemory.set(key, value),
};

function storage(): WizardStore | undefined {
  try {
    return globalThis.sessionStorage ?? memoryStore;
  } catch {
    return memoryStore;
  }
}

/** The stored wizard of a product, or undefined (none, unreadable, or of another product). */
export function loadStoredApplication(slug: string): StoredApplication | undefined {
  try {
    const text = storage()?.getItem(storageKey(slug));
    if (!text) return undefined;
    const stored = JSON.parse(text) as StoredApplication;
    if (stored.version !== 1 || typeof stored.wizard?.answers !== 'object') return undefined;
    return stored;
  } catch {
    return undefined;
  }
}

export function saveStoredApplication(slug: string, stored: StoredApplication): void {
  try {
    storage()?.setItem(storageKey(slug), JSON.stringify(stored));
  } catch {
    // A full or blocked storage only costs the reload safety, never the current answers.
  }
}

/** What a result page shows: the product and step to return to, the reason or the error id. */
export interface ApplicationOutcome {
  kind: 'sorry' | 'check-failed' | 'fehler';
  slug: string;
  productName: string;
  /** The wizard's base route without trailing slash ('/fahrrad/antrag', motor '/antrag'). */
  baseRoute: string;
  stepId: string;
  reason?: string;
  errorId?: string;
}

const OUTCOME_KEY = `${PREFIX}ergebnis`;

export function saveOutcome(outcome: ApplicationOutcome): void {
  try {
    storage()?.setItem(OUTCOME_KEY, JSON.stringify(outcome));
  } catch {
    // Without storage the result page shows its general text.
  }
}

export function loadOutcome(): ApplicationOutcome | undefined {
  try {
    const text = storage()?.getItem(OUTCOME_KEY);
    return text ? (JSON.parse(text) as ApplicationOutcome) : undefined;
  } catch {
    return undefined;
  }
}
