// The claim report's wizard for one contract (issue 14 part 1): the product's claim flow built for
// today, the contract's start and the health-data consent, run by the application engine's reducer
// (packages/domain/src/application/wizard-state.ts). Its state lives in sessionStorage per contract,
// so a reload keeps the answers, the uploaded files, the Idempotency-Key of the send and, once sent,
// the claim (a reload after the send shows the confirmation, never a second claim).
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Flow } from '@schirm/domain/application/flow';
import { reachableSteps } from '@schirm/domain/application/navigation';
import { initialWizardState, reduceWizard } from '@schirm/domain/application/wizard-state';
import type { WizardAction, WizardOutcome, WizardState } from '@schirm/domain/application/wizard-state';
import { claimPrefill, createClaimFlow } from '@schirm/domain/claims/flows';
import type { ClaimContractFacts } from '@schirm/domain/claims/flows';
import { CLAIM_PRODUCT_INFO, type ClaimProduct } from '@schirm/domain/claims/products';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { ClaimResult, FinishedUpload } from './claims-api';

/** An uploaded file of the report, for one document of the checklist or none (further files). */
export interface ReportUpload extends FinishedUpload {
  dokument?: string;
}

/** What is stored per contract. */
export interface StoredClaim {
  version: 1;
  produkt: ClaimProduct;
  wizard: WizardState<ClaimResult>;
  uploads: ReportUpload[];
  /** One key per report: every send of it carries the key, so the server makes one claim. */
  idempotencyKey?: string;
}

const PREFIX = 'schirm.schaden.';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The storage key of a contract's report. */
export function claimStorageKey(vertragsnummer: string): string {
  return `${PREFIX}${vertragsnummer}`;
}

export function loadStoredClaim(vertragsnummer: string): StoredClaim | undefined {
  try {
    const text = storage()?.getItem(claimStorageKey(vertragsnummer));
    if (!text) return undefined;
    const stored = JSON.parse(text) as StoredClaim;
    if (stored.version !== 1 || typeof stored.wizard?.answers !== 'object') return undefined;
    return { ...stored, uploads: Array.isArray(stored.uploads) ? stored.uploads : [] };
  } catch {
    return undefined;
  }
}

function saveStoredClaim(vertragsnummer: string, stored: StoredClaim): void {
  try {
    storage()?.setItem(claimStorageKey(vertragsnummer), JSON.stringify(stored));
  } catch {
    // A full or blocked storage only costs the reload safety, never the current answers.
  }
}

export function removeStoredClaim(vertragsnummer: string): void {
  try {
    storage()?.removeItem(claimStorageKey(vertragsnummer));
  } catch {
    // Nothing stored.
  }
}

/** The contract a report is made for, as the wizard needs it. */
export interface ClaimContract {
  vertragsnummer: string;
  vertragsBeginn: CalendarDate;
  facts: ClaimContractFacts;
}

export interface ClaimWizardSetup {
  produkt: ClaimProduct;
  contract: ClaimContract;
  /** The wizard's route without trailing slash, e.g. '/kunden/schaden-melden/fahrrad/0'. */
  baseRoute: string;
  /** Whether the customer consented to the processing of health data (travel health questions). */
  gesundheitsEinwilligung: boolean;
}

function fresh(flow: Flow, setup: ClaimWizardSetup): StoredClaim {
  const info = CLAIM_PRODUCT_INFO[setup.produkt];
  let wizard = initialWizardState<ClaimResult>(flow, {
    productName: info.name,
    productKey: flow.productKey,
    channel: 'antrag',
    baseRoute: setup.baseRoute,
  });
  // What the contract knows (the bicycle's frame number) rides along on the first page.
  for (const [stepId, values] of Object.entries(claimPrefill(setup.produkt, setup.contract.facts))) {
    const outcome = reduceWizard(flow, wizard, { type: 'answer', stepId, values });
    if (outcome.ok) wizard = outcome.state;
  }
  return { version: 1, produkt: setup.produkt, wizard, uploads: [] };
}

// A stored path may be of another day: the path is computed again for this flow.
function restore(flow: Flow, setup: ClaimWizardSetup): StoredClaim {
  const stored = loadStoredClaim(setup.contract.vertragsnummer);
  if (!stored || stored.produkt !== setup.produkt || stored.wizard.baseRoute !== setup.baseRoute) {
    return fresh(flow, setup);
  }
  const steps = reachableSteps(flow, stored.wizard.answers, 'antrag');
  const currentStep = steps.includes(stored.wizard.currentStep) ? stored.wizard.currentStep : steps[0]!;
  return { ...stored, wizard: { ...stored.wizard, steps, currentStep } };
}

export interface ClaimWizard {
  flow: Flow;
  setup: ClaimWizardSetup;
  stored: StoredClaim;
  wizard: WizardState<ClaimResult>;
  /** Runs the reducer on the latest state; an accepted action is stored at once. */
  dispatch(action: WizardAction<ClaimResult>): WizardOutcome<ClaimResult>;
  update(change: (current: StoredClaim) => StoredClaim): StoredClaim;
  /** The stored state as of now (also between renders, e.g. during a double click). */
  current(): StoredClaim;
  /** Starts the report again (a new claim after a sent one, or 'Neu beginnen'). */
  restart(): void;
}

export function useClaimWizard(setup: ClaimWizardSetup): ClaimWizard {
  const today = todayInGermany();
  const { produkt, gesundheitsEinwilligung } = setup;
  const vertragsBeginn = setup.contract.vertragsBeginn;
  const flow = useMemo(
    () => createClaimFlow(produkt, { today, vertragsbeginn: vertragsBeginn, gesundheitsEinwilligung }),
    [produkt, today, vertragsBeginn, gesundheitsEinwilligung],
  );
  const [stored, setStored] = useState<StoredClaim>(() => restore(flow, setup));
  const latest = useRef(stored);
  const key = setup.contract.vertragsnummer;

  const update = useCallback(
    (change: (current: StoredClaim) => StoredClaim) => {
      const next = change(latest.current);
      latest.current = next;
      saveStoredClaim(key, next);
      setStored(next);
      return next;
    },
    [key],
  );

  const dispatch = useCallback(
    (action: WizardAction<ClaimResult>) => {
      const outcome = reduceWizard(flow, latest.current.wizard, action);
      if (outcome.ok && outcome.state !== latest.current.wizard) {
        update((current) => ({ ...current, wizard: outcome.state }));
      }
      return outcome;
    },
    [flow, update],
  );

  const current = useCallback(() => latest.current, []);
  const restart = useCallback(() => {
    update(() => fresh(flow, setup));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the setup's parts that shape the flow are in `flow`
  }, [flow, update]);

  return { flow, setup, stored, wizard: stored.wizard, dispatch, update, current, restart };
}
