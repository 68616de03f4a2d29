// The wizard of one product for the screens: the flow built for today and the flags, the reducer's
// state kept in sessionStorage (wizard-storage.ts), and a dispatch that returns the reducer's
// outcome so a screen can show a refusal (its German message and field errors) at once.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Flow } from '@schirm/domain/application/flow';
import { reachableSteps } from '@schirm/domain/application/navigation';
import type { ApplicationContext, ProductApplication } from '@schirm/domain/application/product-application';
import { initialWizardState, reduceWizard } from '@schirm/domain/application/wizard-state';
import type { WizardAction, WizardOutcome, WizardState } from '@schirm/domain/application/wizard-state';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { useFlag } from '../../lib/flags';
import type { ApplicationResult } from './application-api';
import { useApplicationChannel, type ApplicationChannelSetup } from './channel';
import { loadStoredApplication, saveStoredApplication, type StoredApplication } from './wizard-storage';

/** Today in Germany and the flags that shape the flows (spec §6). */
export function useApplicationContext(): ApplicationContext {
  const newProductGenerations = useFlag('new-product-generations');
  const travelHealthInsurance = useFlag('travel-health-insurance');
  const today = todayInGermany();
  return useMemo(
    () => ({ today, newProductGenerations, travelHealthInsurance }),
    [today, newProductGenerations, travelHealthInsurance],
  );
}

export type ApplicationWizardState = WizardState<ApplicationResult>;

function freshState(app: ProductApplication, flow: Flow, setup: ApplicationChannelSetup): StoredApplication {
  return {
    version: 1,
    wizard: initialWizardState<ApplicationResult>(flow, {
      productName: app.name,
      productKey: app.productKey,
      channel: setup.channel,
      baseRoute: setup.baseRoute(app),
    }),
  };
}

// A stored path may be of another day or flag setting: the path is computed again for this flow.
function restore(app: ProductApplication, flow: Flow, setup: ApplicationChannelSetup): StoredApplication {
  const stored = loadStoredApplication(`${setup.storagePrefix}${app.slug}`);
  if (
    !stored ||
    stored.wizard.productKey !== app.productKey ||
    stored.wizard.baseRoute !== setup.baseRoute(app) ||
    stored.wizard.channel !== setup.channel
  ) {
    return freshState(app, flow, setup);
  }
  const steps = reachableSteps(flow, stored.wizard.answers, setup.channel);
  const currentStep = steps.includes(stored.wizard.currentStep) ? stored.wizard.currentStep : steps[0]!;
  return { ...stored, wizard: { ...stored.wizard, steps, currentStep } };
}

export interface ApplicationWizard {
  flow: Flow;
  context: ApplicationContext;
  stored: StoredApplication;
  wizard: ApplicationWizardState;
  /** Runs the reducer on the latest state; an accepted action is stored at once. */
  dispatch(action: WizardAction<ApplicationResult>): WizardOutcome<ApplicationResult>;
  /** Replaces the stored extras (offer, idempotency key) next to the wizard. */
  update(change: (current: StoredApplication) => StoredApplication): StoredApplication;
  /** The stored state as of now (also between renders, e.g. during a double click). */
  current(): StoredApplication;
}

export function useApplicationWizard(app: ProductApplication): ApplicationWizard {
  const context = useApplicationContext();
  const setup = useApplicationChannel();
  const flow = useMemo(() => app.createFlow(context), [app, context]);
  const [stored, setStored] = useState<StoredApplication>(() => restore(app, flow, setup));
  const storedKey = `${setup.storagePrefix}${app.slug}`;
  const latest = useRef(stored);

  const update = useCallback(
    (change: (current: StoredApplication) => StoredApplication) => {
      const next = change(latest.current);
      latest.current = next;
      saveStoredApplication(storedKey, next);
      setStored(next);
      return next;
    },
    [storedKey],
  );

  const dispatch = useCallback(
    (action: WizardAction<ApplicationResult>) => {
      const outcome = reduceWizard(flow, latest.current.wizard, action);
      if (outcome.ok && outcome.state !== latest.current.wizard) {
        update((current) => ({ ...current, wizard: outcome.state }));
      }
      return outcome;
    },
    [flow, update],
  );

  const current = useCallback(() => latest.current, []);

  return { flow, context, stored, wizard: stored.wizard, dispatch, update, current };
}
