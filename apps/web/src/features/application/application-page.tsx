// The route of /<produkt>/antrag/ and /<produkt>/antrag/<schritt>/ (motor: /antrag/<schritt>/).
// A first visit of the first step shows it from the generated first screen (start/start-step.tsx)
// and loads the wizard (wizard-page.tsx: the flow with zod and the validators, the design system's
// inputs, server state and flags) when the person starts to answer; the wizard then takes the page
// over. Every other visit — a later step, a stored wizard of this tab, a saved draft — shows the
// wizard at once (ADR 0023, 'Size of the first application step').
import { useContext, useEffect, useRef, useState } from 'react';
import {
  data,
  Navigate,
  useLoaderData,
  useParams,
  useSearchParams,
  type LoaderFunctionArgs,
  type Params,
} from 'react-router';
import type { FlowRouteHandle } from '../../app/layouts/flow-layout';
import { DeferredServicesContext, WithServices } from '../../lib/deferred-services';
import { evaluateFlag } from '../../lib/flag-without-sdk';
import { Loading } from '../../ui/loading';
import { flagSetting, FLAG_SETTINGS, type ProductStart, type StartScreen } from './start/start-screen';
import { PRODUCT_STARTS } from './start/screens/index.generated';
import { canDrawStartScreen, StartStep, type StartHandoff } from './start/start-step';
import { loadStoredApplication } from './wizard-storage';
import type * as WizardModule from './wizard-page';
import styles from './application.module.css';

type Wizard = typeof WizardModule;

let wizardModule: Wizard | undefined;
let wizardLoad: Promise<Wizard> | undefined;

/** Loads the wizard's code (once; a failed load may be tried again). */
export function loadWizard(): Promise<Wizard> {
  wizardLoad ??= import('./wizard-page').then(
    (module) => (wizardModule = module),
    (error: unknown) => {
      wizardLoad = undefined;
      throw error;
    },
  );
  return wizardLoad;
}

/** Forgets the loaded wizard, so the next visit starts with the first screen again (tests). */
export function forgetLoadedWizard(): void {
  wizardModule = undefined;
  wizardLoad = undefined;
}

/** The product of the route: by `produkt`, or the one living directly under /antrag/ (motor). */
function startOfRoute(params: Params) {
  if (params.produkt === undefined) return PRODUCT_STARTS.find((entry) => entry.baseRoute === '/antrag/');
  return PRODUCT_STARTS.find(
    (entry) => entry.slug === params.produkt && entry.baseRoute === `/${params.produkt}/antrag/`,
  );
}

function isFirstStep(start: ProductStart, stepId: string | undefined): boolean {
  return stepId === undefined || FLAG_SETTINGS.some((setting) => start.screens[setting].stepId === stepId);
}

/** Whether this visit starts with the first screen instead of the wizard. */
function startsWithFirstScreen(start: ProductStart, stepId: string | undefined, search: URLSearchParams) {
  return (
    wizardModule === undefined &&
    isFirstStep(start, stepId) &&
    !search.has('savedDraftId') &&
    loadStoredApplication(start.slug) === undefined &&
    FLAG_SETTINGS.every((setting) => canDrawStartScreen(start.screens[setting]))
  );
}

/**
 * The route's loader: 404 (the area's not-found page) for a product without application and for
 * a step its flows do not have (that check loads the wizard, as the page will need it anyway).
 */
export async function applicationLoader(args: LoaderFunctionArgs): Promise<{ start: ProductStart }> {
  const entry = startOfRoute(args.params);
  if (!entry) throw data(null, { status: 404 });
  const start = (await entry.load()).default;
  const search = new URL(args.request.url).searchParams;
  if (!startsWithFirstScreen(start, args.params.schritt, search)) {
    (await loadWizard()).applicationLoader(args);
  }
  return { start };
}

/**
 * The screen for the flags' setting: at once when the product's first screen is the same for every
 * setting, else after asking the flag service (one call per flag, without the OpenFeature SDK).
 */
function useStartScreen(start: ProductStart): StartScreen | undefined {
  const services = useContext(DeferredServicesContext);
  const isSame = FLAG_SETTINGS.every((setting) => start.screens[setting] === start.screens.ao);
  const [screen, setScreen] = useState<StartScreen | undefined>(isSame ? start.screens.ao : undefined);
  useEffect(() => {
    if (isSame) return;
    let isCurrent = true;
    const context = services?.flagContext;
    void Promise.all([
      context ? evaluateFlag('new-product-generations', context) : false,
      context ? evaluateFlag('travel-health-insurance', context) : false,
    ]).then(([newProductGenerations, travelHealthInsurance]) => {
      if (isCurrent) {
        setScreen(start.screens[flagSetting({ newProductGenerations, travelHealthInsurance })]);
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [isSame, services, start]);
  return isSame ? start.screens.ao : screen;
}

/** The route component: the first screen until the wizard takes over, else the wizard. */
export function ApplicationPage() {
  const { start } = useLoaderData<typeof applicationLoader>();
  const { schritt } = useParams();
  const [search] = useSearchParams();
  const [isFirstScreen] = useState(() => startsWithFirstScreen(start, schritt, search));
  const screen = useStartScreen(start);
  const [wizard, setWizard] = useState<Wizard | undefined>(wizardModule);
  const [loadError, setLoadError] = useState<unknown>(undefined);
  const [isStarted, setStarted] = useState(!isFirstScreen);
  const [handoff, setHandoff] = useState<StartHandoff | undefined>(undefined);
  const [isTakenOver, setTakenOver] = useState(!isFirstScreen);
  const readHandoff = useRef<(() => StartHandoff) | undefined>(undefined);

  useEffect(() => {
    if (!isStarted || wizard) return;
    let isCurrent = true;
    loadWizard().then(
      (module) => isCurrent && setWizard(module),
      (error: unknown) => isCurrent && setLoadError(error),
    );
    return () => {
      isCurrent = false;
    };
  }, [isStarted, wizard]);

  // A failed load reaches the route's error screen, which offers a reload.
  if (loadError) throw loadError;
  if (isFirstScreen && !isTakenOver) {
    if (!screen) return <Loading isBlock />;
    if (schritt === undefined) return <Navigate replace to={`${start.baseRoute}${screen.stepId}/`} />;
  }
  const page = wizard ? (
    <WithServices>
      <wizard.ApplicationWizardPage
        {...(isTakenOver
          ? { handoff }
          : {
              onReady: () => {
                setHandoff(readHandoff.current?.());
                setTakenOver(true);
              },
            })}
      />
    </WithServices>
  ) : null;
  // The wizard gets ready out of sight (services, flags), then takes the page over in place.
  return (
    <>
      {isTakenOver ? null : (
        <StartStep start={start} screen={screen!} onStart={() => setStarted(true)} handoffRef={readHandoff} />
      )}
      {page ? (
        <div hidden={!isTakenOver} className={isTakenOver ? styles.fieldOwner : undefined}>
          {page}
        </div>
      ) : isTakenOver ? (
        <Loading isBlock />
      ) : null}
    </>
  );
}

/**
 * The route's handle: the page brings the flow area's providers itself (with the wizard), so the
 * flow layout leaves them out of the first step (app/layouts/flow-layout.tsx).
 */
export const handle: FlowRouteHandle = { bringsAreaProviders: true };
