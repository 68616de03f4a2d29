// The wizard of /<produkt>/antrag/ and /<produkt>/antrag/<schritt>/ (application-page.tsx loads
// it): the direct application of any product the registry knows (productApplication), one generic
// page that renders each step from its field data. Each step is a URL, so the browser's back button is the wizard's back; the wizard state
// lives in sessionStorage (a reload keeps the answers) and a deep link past an open step shows the
// first open step. Unknown products are a 404.
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Field } from '@schirm/domain/application/fields';
import { findStep, prefillValues, type FlowStep } from '@schirm/domain/application/flow';
import { isStepDone, progress } from '@schirm/domain/application/navigation';
import type { ProductApplication } from '@schirm/domain/application/product-application';
import { pageErrors } from '@schirm/domain/application/submission';
import { stepPath } from '@schirm/domain/application/wizard-state';
import { useDocumentTitle } from '../../lib/document-title';
import { useFlagsSettled } from '../../lib/flags';
import { preloadTexts } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { AreaProviders } from '../../app/layouts/area-providers';
import type { ServerFieldError } from './application-api';
import { adviceApplicationOfRoute, applicationOfRoute } from './application-route';
import { useApplicationChannel } from './channel';
export { applicationLoader } from './application-route';
import { DraftResume, SaveDraft } from './drafts';
import { DocumentsStep, useSubmitApplication, type OfferFailure } from './offer';
import { PageFields, type PageFieldErrors } from './page-fields';
import type { StartHandoff } from './start/start-step';
import { useApplicationWizard, type ApplicationWizard } from './use-application-wizard';
import { PriceSummary, VariantStep } from './variant-step';
import { StepList } from './step-list';
import { saveOutcome } from './wizard-storage';
import { tellHost } from '../../lib/embedding-host';
import styles from './application.module.css';

/** How the first screen (start/start-step.tsx) hands over to the wizard. */
export interface WizardTakeOver {
  /** Called once the wizard shows a step (it may still be hidden behind the first screen). */
  onReady?: () => void;
  /** What the first screen held when the wizard took over (set once it is shown). */
  handoff?: StartHandoff | undefined;
}

/** The namespace of the application pages' texts (packages/texts/live/application.json). */
export const APPLICATION_TEXTS = 'application';

// The texts come with the wizard: their chunk is fetched as soon as the wizard's code runs.
preloadTexts([APPLICATION_TEXTS]);

/**
 * The wizard with the flow areas' providers (toasts, react-aria's German texts). While its texts
 * load behind the first screen nothing shows in its place (the first screen stays); otherwise the
 * loading indicator.
 */
export function ApplicationWizardPage(props: WizardTakeOver) {
  return (
    <Suspense fallback={props.onReady ? null : <Loading isBlock />}>
      <AreaProviders>
        <WizardPage {...props} />
      </AreaProviders>
    </Suspense>
  );
}

/** The product's wizard (the route's loader has checked the product). */
export function WizardPage({ onReady, handoff }: WizardTakeOver = {}) {
  const setup = useApplicationChannel();
  const params = useParams();
  const app = setup.channel === 'antrag' ? applicationOfRoute(params) : adviceApplicationOfRoute(params);
  // The flags decide the product generation sold (and so the variants): the wizard starts once
  // they are known (at most the flag service's 2 s), so a choice never switches under the person.
  const isFlagsSettled = useFlagsSettled();
  if (!app) return null;
  if (!isFlagsSettled) return <Loading isBlock />;
  return (
    <ProductApplicationPage
      key={app.slug}
      app={app}
      {...(onReady ? { onReady } : {})}
      {...(handoff ? { handoff } : {})}
    />
  );
}

function ProductApplicationPage({ app, onReady, handoff }: { app: ProductApplication } & WizardTakeOver) {
  const wizard = useApplicationWizard(app);
  const { schritt } = useParams();
  const [search] = useSearchParams();
  const resume = useApplicationChannel().resumeFrom(app, search);

  if (resume) {
    return (
      <DraftResume
        app={app}
        wizard={wizard}
        source={resume}
        {...(schritt ? { requestedStep: schritt } : {})}
      />
    );
  }
  const { wizard: state, flow } = wizard;
  // After the binding application the steps show its confirmation (a second send is refused).
  if (state.applicationSent) return <Navigate replace to={`${state.baseRoute}/bestaetigung/`} />;
  if (!schritt) return <Navigate replace to={stepPath(state, state.currentStep)} />;
  // A deep link past an open step, or to a step off the path, shows the first open step instead.
  if (!findStep(flow, schritt) || !state.steps.includes(schritt)) {
    return <Navigate replace to={stepPath(state, state.currentStep)} />;
  }
  const open = state.steps.find((id) => !isStepDone(findStep(flow, id)!, state.answers));
  if (open !== undefined && state.steps.indexOf(open) < state.steps.indexOf(schritt)) {
    return <Navigate replace to={stepPath(state, open)} />;
  }
  return (
    <StepPage
      app={app}
      wizard={wizard}
      step={findStep(flow, schritt)!}
      {...(onReady ? { onReady } : {})}
      {...(handoff ? { handoff } : {})}
    />
  );
}

/** Focuses the control of a field (by its path) within the form: the checked radio, else the first. */
function focusField(form: HTMLFormElement | null, key: string) {
  const owner = form?.ownerDocument.querySelector(`[data-field-key="${CSS.escape(key)}"]`);
  const controls =
    'input:not([type="hidden"]):not([disabled]), [role="spinbutton"], select, textarea, button';
  const target =
    owner?.querySelector<HTMLElement>('input[type="radio"]:checked') ??
    (owner?.matches(controls) ? (owner as HTMLElement) : owner?.querySelector<HTMLElement>(controls));
  target?.focus();
}

/** Embedded (issue 16): asks the host to scroll its page so this element is centred in view. */
function centreInHost(element: HTMLElement) {
  void tellHost('scrollCenter', {
    offsetTop: Math.round(element.getBoundingClientRect().top + window.scrollY),
  });
}

/** Field errors of one step, keyed by the field path within the page. */
function errorsOfStep(errors: readonly { stepId: string; path: string; message: string }[], stepId: string) {
  const byPath: Record<string, string> = {};
  for (const error of errors) {
    if (error.stepId === stepId && byPath[error.path] === undefined) byPath[error.path] = error.message;
  }
  return byPath;
}

function serverErrorsByStep(errors: readonly ServerFieldError[]) {
  return errors.map((error) => {
    const [stepId = '', ...rest] = error.path.split('.');
    return { stepId, path: rest.join('.'), message: error.message };
  });
}

interface StepNotice {
  stepId: string;
  text: string;
  serverErrors?: { stepId: string; path: string; message: string }[] | undefined;
}

// Kept across the step pages of one visit (the page component stays mounted between steps).
function StepPage({
  app,
  wizard,
  step,
  onReady,
  handoff,
}: {
  app: ProductApplication;
  wizard: ApplicationWizard;
  step: FlowStep;
} & WizardTakeOver) {
  const { t } = useTranslation(APPLICATION_TEXTS);
  const navigate = useNavigate();
  const { wizard: state, flow } = wizard;
  const [showErrors, setShowErrors] = useState<string | undefined>(undefined);
  // Counts refused 'Weiter' presses: each one moves focus to the first field to correct.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals === 0) return;
    const controls = 'input, textarea, select, button, [tabindex]:not([tabindex="-1"])';
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A group (radios, date segments) is marked as a whole: its first control takes the focus.
    const target = invalid?.matches(controls) ? invalid : invalid?.querySelector<HTMLElement>(controls);
    target?.focus();
    // Embedded (issue 16): the host scrolls its page so the field is in view.
    if (invalid) centreInHost(invalid);
  }, [refusals]);
  const [notice, setNotice] = useState<StepNotice | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set by the draft resume for the first page it shows.
  const isResumed = (useLocation().state as { resumed?: boolean } | null)?.resumed === true;
  const place = progress(flow, state.answers, state.channel, step.id);
  const isLast = !step.next || state.steps[state.steps.length - 1] === step.id;
  useDocumentTitle(t('wizard.title', { step: step.title, product: app.name }));

  // The wizard's current step follows the URL (back button, step list), and focus moves to the new
  // page's heading so a screen reader starts there.
  useEffect(() => {
    if (wizard.current().wizard.currentStep !== step.id) wizard.dispatch({ type: 'goTo', stepId: step.id });
    // An empty page that repeats an earlier answer (the applicant's address after the insured
    // flat) starts with it, shown to confirm or change.
    const values = prefillValues(step, wizard.current().wizard.answers);
    if (values) wizard.dispatch({ type: 'answer', stepId: step.id, values });
    headingRef.current?.focus();
    // Embedded (issue 16): the host brings the frame's top into view for the new step.
    void tellHost('scrollTop', {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the step changes; the wizard is read through current()
  }, [step.id]);

  // The server's field errors (422) lead to the step they belong to. Embedded, the host then
  // scrolls to the first marked field (after the step's scrollTop above), once per refusal.
  const centredNotice = useRef<StepNotice | undefined>(undefined);
  useEffect(() => {
    if (!notice?.serverErrors?.length || notice.stepId !== step.id || centredNotice.current === notice)
      return;
    centredNotice.current = notice;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) centreInHost(invalid);
  }, [notice, step.id]);

  // The declaration needs the documents sent first: without an offer (a resumed draft, a deep
  // link) the documents step comes first and prepares it.
  const hasOffer = wizard.stored.offer !== undefined;
  useEffect(() => {
    if (step.id === 'erklaerung' && !hasOffer && state.steps.includes('dokumente')) {
      void navigate(stepPath(state, 'dokumente'), { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-checked when the step or the offer changes, not on every answer
  }, [step.id, hasOffer]);

  const page = state.answers[step.id] ?? {};
  const localErrors = showErrors === step.id ? errorsOfStep(pageErrors(step, state.answers), step.id) : {};
  const serverErrors = notice?.stepId === step.id ? errorsOfStep(notice.serverErrors ?? [], step.id) : {};
  const errors: PageFieldErrors = { ...serverErrors, ...localErrors };

  function goToStep(stepId: string) {
    // A notice belongs to the step it was set for; leaving for another step drops it.
    setNotice((current) => (current?.stepId === stepId ? current : undefined));
    void navigate(stepPath(state, stepId));
  }

  function handleFailure(failure: OfferFailure) {
    switch (failure.kind) {
      case 'sorry':
        // The answers that decide insurability are the product's questions at the start.
        saveOutcome({
          kind: 'sorry',
          slug: app.slug,
          productName: app.name,
          baseRoute: state.baseRoute,
          stepId: state.steps[0] ?? step.id,
          reason: failure.reason,
        });
        void navigate('/antrag/sorry/');
        return;
      case 'check-failed':
        saveOutcome({
          kind: 'check-failed',
          slug: app.slug,
          productName: app.name,
          baseRoute: state.baseRoute,
          stepId: state.steps[0] ?? step.id,
          reason: failure.reason,
        });
        void navigate('/antrag/check-failed/');
        return;
      case 'fehler':
        saveOutcome({
          kind: 'fehler',
          slug: app.slug,
          productName: app.name,
          baseRoute: state.baseRoute,
          stepId: step.id,
          errorId: failure.errorId,
        });
        void navigate('/antrag/fehler/');
        return;
      case 'fieldErrors': {
        const byStep = serverErrorsByStep(failure.errors);
        const first =
          state.steps.find((id) => byStep.some((error) => error.stepId === id)) ?? state.steps[0]!;
        setNotice({
          stepId: first,
          text: t('wizard.checkMarked'),
          serverErrors: byStep,
        });
        goToStep(first);
        return;
      }
      case 'prepareAgain':
        setNotice({ stepId: 'dokumente', text: failure.message });
        goToStep('dokumente');
        return;
    }
  }

  const { submit, isSending } = useSubmitApplication(
    app,
    wizard,
    (result) => {
      const outcome = wizard.dispatch({ type: 'markSent', result });
      if (!outcome.ok && outcome.refusal.stepId) {
        goToStep(outcome.refusal.stepId);
        return;
      }
      void navigate(`${state.baseRoute}/bestaetigung/`);
    },
    handleFailure,
  );

  // Between the variant and the documents step the chosen variant's premium stays in view.
  const stepIndex = state.steps.indexOf(step.id);
  const isAfterVariantStep =
    stepIndex > state.steps.indexOf(app.variantStep) &&
    state.steps.indexOf(app.variantStep) !== -1 &&
    (state.steps.indexOf('dokumente') === -1 || stepIndex < state.steps.indexOf('dokumente'));
  const isDocumentsReady = step.id !== 'dokumente' || wizard.stored.offer !== undefined;

  function handleNext() {
    if (!isStepDone(step, wizard.current().wizard.answers)) {
      setShowErrors(step.id);
      setRefusals((count) => count + 1);
      return;
    }
    if (isLast) {
      void submit();
      return;
    }
    const outcome = wizard.dispatch({ type: 'next' });
    if (!outcome.ok) {
      if (outcome.refusal.code === 'STEP_INCOMPLETE') {
        setShowErrors(step.id);
        setRefusals((count) => count + 1);
      } else if (outcome.refusal.stepId) goToStep(outcome.refusal.stepId);
      return;
    }
    setShowErrors(undefined);
    goToStep(outcome.state.currentStep);
  }

  // The wizard is there: the first screen (start/start-step.tsx) may hand over to it.
  useEffect(() => {
    onReady?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the wizard first shows a step
  }, []);
  // What the first screen held when the wizard took over: its answers, the field that had the
  // focus, a pressed 'Weiter' (checked and carried out here). Before paint, so no empty frame shows.
  const hasTakenOver = useRef(false);
  useLayoutEffect(() => {
    if (!handoff || hasTakenOver.current || handoff.stepId !== step.id) return;
    hasTakenOver.current = true;
    if (Object.keys(handoff.answers).length > 0) {
      wizard.dispatch({
        type: 'answer',
        stepId: step.id,
        values: { ...wizard.current().wizard.answers[step.id], ...handoff.answers },
      });
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the first screen's 'Weiter' (an event from before the wizard existed), carried out once
    if (handoff.submit) handleNext();
    else if (handoff.focusKey) focusField(formRef.current, handoff.focusKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the handoff arrives
  }, [handoff]);

  function handleBack() {
    const index = state.steps.indexOf(step.id);
    if (index > 0) goToStep(state.steps[index - 1]!);
  }

  // The step asking for the payment period (the start step), if this product has one on its path.
  const zahlweiseStep = state.steps.find((id) =>
    findStep(flow, id)?.fields?.some((field) => field.kind !== 'notice' && field.key === 'zahlweise'),
  );
  const chosenZahlweise = zahlweiseStep ? state.answers[zahlweiseStep]?.zahlweise : undefined;
  function chooseZahlweise(zahlweise: string) {
    if (!zahlweiseStep) return;
    const current = wizard.current().wizard.answers[zahlweiseStep] ?? {};
    wizard.dispatch({ type: 'answer', stepId: zahlweiseStep, values: { ...current, zahlweise } });
  }

  const renderSpecial = (field: Field) => {
    if (field.kind === 'variants') {
      return (
        <VariantStep
          app={app}
          flow={flow}
          context={wizard.context}
          answers={state.answers}
          fieldKey={field.key}
          label={field.label}
          value={typeof page[field.key] === 'string' ? (page[field.key] as string) : undefined}
          onChange={(variant) =>
            wizard.dispatch({
              type: 'answer',
              stepId: step.id,
              values: { ...wizard.current().wizard.answers[step.id], [field.key]: variant },
            })
          }
          errorMessage={errors[field.key]}
          // The answers that make the risk uninsurable were given before the variant step.
          stepId={state.steps[state.steps.indexOf(step.id) - 1] ?? step.id}
          chosenZahlweise={chosenZahlweise}
          {...(zahlweiseStep ? { onZahlweise: chooseZahlweise } : {})}
        />
      );
    }
    if (field.kind === 'documents') {
      return <DocumentsStep app={app} wizard={wizard} onFailure={handleFailure} />;
    }
    return null;
  };

  const errorCount = Object.keys(errors).length;
  // Errors of the page as a whole, or of a field it does not show (the server's 422), are named here.
  const shownKeys = new Set((step.fields ?? []).map((field) => field.key));
  const pageLevelErrors = Object.entries(errors)
    .filter(([path]) => !shownKeys.has(path.split('.')[0] ?? ''))
    .map(([, message]) => message);
  return (
    <div className={styles.page}>
      <p className={styles.product}>{app.name}</p>
      <div className={styles.layout}>
        <StepList wizard={wizard} currentStep={step.id} label={t('wizard.steps')} />
        <form
          ref={formRef}
          className={styles.form}
          noValidate
          aria-labelledby={`step-heading-${step.id}`}
          onSubmit={(event) => {
            event.preventDefault();
            handleNext();
          }}
        >
          {place ? (
            <p className={styles.progress}>
              {t('wizard.progress', { index: place.index, count: place.count })}
            </p>
          ) : null}
          <h1 id={`step-heading-${step.id}`} ref={headingRef} tabIndex={-1} className={styles.headline}>
            {step.title}
          </h1>
          {step.intro ? <p className={styles.intro}>{step.intro}</p> : null}
          {isAfterVariantStep ? (
            <PriceSummary
              app={app}
              flow={flow}
              answers={state.answers}
              stepId={step.id}
              chosenZahlweise={chosenZahlweise}
            />
          ) : null}
          {state.isPrefilled && isResumed ? (
            <InfoBox variant="info" headline={t('wizard.resumedHeadline')}>
              {t('wizard.resumed')}
            </InfoBox>
          ) : null}
          {notice?.stepId === step.id ? (
            <InfoBox variant="warning" headline={t('wizard.noticeHeadline')}>
              {notice.text}
            </InfoBox>
          ) : null}
          {errorCount > 0 ? (
            <InfoBox variant="error" headline={t('wizard.errorsHeadline')}>
              {t('wizard.errors', { count: errorCount })}
              {pageLevelErrors.map((message) => (
                <span key={message} className={styles.pageError}>
                  {` ${message}`}
                </span>
              ))}
            </InfoBox>
          ) : null}
          <PageFields
            fields={step.fields ?? []}
            values={page}
            onChange={(change) => {
              // The server's errors were for the answers it saw; a change of the page clears them.
              if (notice?.serverErrors) setNotice({ ...notice, serverErrors: undefined });
              wizard.dispatch({
                type: 'answer',
                stepId: step.id,
                values: change(wizard.current().wizard.answers[step.id] ?? {}),
              });
            }}
            errors={errors}
            renderSpecial={renderSpecial}
          />
          <div className={styles.actions}>
            {place && place.index > 1 ? (
              <Button variant="secondary" onPress={handleBack} isDisabled={isSending}>
                {t('wizard.back')}
              </Button>
            ) : null}
            <Button type="submit" isPending={isSending} isDisabled={!isDocumentsReady}>
              {isLast ? t('wizard.send') : t('wizard.next')}
            </Button>
          </div>
          {isSending ? (
            <p role="status" className={styles.hint}>
              {t('wizard.sending')}
            </p>
          ) : null}
        </form>
      </div>
      <SaveDraft
        // The first screen's 'Speichern und später fortsetzen', pressed before the wizard was there.
        key={handoff?.openDraft ? 'opened-on-first-screen' : 'draft'}
        app={app}
        wizard={wizard}
        stepId={step.id}
        startOpen={handoff?.openDraft === true}
      />
    </div>
  );
}
