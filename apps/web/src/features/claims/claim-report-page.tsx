// /kunden/schaden-melden/<produkt>/:contractIndex/ and …/<schritt>/ (issue 14 part 1, spec §2): a
// claim report for one of the customer's contracts, chosen by its index in the contract list. The
// wizard runs on the product's claim flow with the application engine (steps, guards, pruning; the
// server validates the answers again) and renders each step from its fields with the application's
// PageFields and step list. The last step (the declaration) also shows the documents still missing
// with their deadlines, takes photos and PDFs, and sends the report with an Idempotency-Key;
// 'bestaetigung' shows the claim number and the receipt. 'Entwurf speichern' keeps the report on
// the server, to be continued later.
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { findStep, prefillValues, type FlowStep } from '@schirm/domain/application/flow';
import { isStepDone, progress, pruneAnswers } from '@schirm/domain/application/navigation';
import { pageErrors } from '@schirm/domain/application/submission';
import { stepPath } from '@schirm/domain/application/wizard-state';
import { CLAIM_PRODUCT_INFO, isClaimProduct, type ClaimProduct } from '@schirm/domain/claims/products';
import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { chooseContract, type CustomerContracts } from './claim-contract';
import { ClaimConfirmation } from './claim-confirmation';
import { DraftOffer, SaveClaimDraft } from './claim-drafts';
import { ClaimChecklist } from './claim-checklist';
import { errorsOfStep } from './step-errors';
import { useSubmitClaim, type StepNotice } from './use-submit-claim';
import { useHealthConsent } from './health-consent';
import { useClaimWizard, type ClaimWizard } from './use-claim-wizard';
import { useWizardParts } from './wizard-parts';
import styles from './claims.module.css';
export { claimReportLoader } from './claim-contract';

/** The page after the send. */
export const CONFIRMATION_STEP = 'bestaetigung';

/** The route component: the contract of the index, then the product's wizard. */
export function ClaimReportPage({ contracts }: { contracts: CustomerContracts }) {
  const { produkt, contractIndex } = useParams();
  const consent = useHealthConsent(produkt === 'reise');
  if (!isClaimProduct(produkt)) return null;
  const name = CLAIM_PRODUCT_INFO[produkt].name;

  if (contracts.status === 'pending' || consent.isPending) {
    return <Loading isBlock label="Ihr Vertrag wird geladen …" />;
  }
  if (contracts.status === 'error') return <EmptyState preset="error" />;
  const choice = chooseContract(contracts.data, produkt, contractIndex);
  if (choice.kind !== 'found') {
    return <NoSuchContract produkt={produkt} otherProductName={otherName(choice)} />;
  }
  const { contract, index } = choice;
  return (
    <ClaimWizardPage
      key={`${produkt}-${contract.versicherungsNummer}-${String(consent.value)}`}
      produkt={produkt}
      name={name}
      baseRoute={`/kunden/schaden-melden/${produkt}/${index}`}
      contract={{
        vertragsnummer: contract.versicherungsNummer,
        vertragsBeginn: contract.vertragsBeginn,
        facts: contract.fahrrad?.rahmennummer ? { rahmennummer: contract.fahrrad.rahmennummer } : {},
      }}
      vertragsName={contract.versicherungsName}
      gesundheitsEinwilligung={consent.value}
    />
  );
}

function otherName(choice: ReturnType<typeof chooseContract>): string | undefined {
  return choice.kind === 'other-product' ? choice.contract.versicherungsName : undefined;
}

/** An index with no contract, or a contract of another product: said plainly, with the way back. */
function NoSuchContract({ produkt, otherProductName }: { produkt: ClaimProduct; otherProductName?: string }) {
  const name = CLAIM_PRODUCT_INFO[produkt].name;
  useDocumentTitle(`Vertrag nicht gefunden – Schaden melden`);
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>Diesen Vertrag finden wir nicht</h1>
      <p>
        {otherProductName
          ? `Der gewählte Vertrag ist eine ${otherProductName}, keine ${name}. Bitte wählen Sie den Vertrag, zu dem Sie einen Schaden melden möchten.`
          : `Unter Ihren Verträgen gibt es an dieser Stelle keinen Vertrag. Bitte wählen Sie den Vertrag, zu dem Sie einen Schaden melden möchten.`}
      </p>
      <p className={styles.links}>
        <Link to="/kunden/vertraege/">Zu Ihren Verträgen</Link>
        <Link to="/kunden/schaden-melden/">Vertrag für die Schadenmeldung wählen</Link>
      </p>
    </div>
  );
}

interface ClaimWizardPageProps {
  produkt: ClaimProduct;
  name: string;
  baseRoute: string;
  contract: Parameters<typeof useClaimWizard>[0]['contract'];
  vertragsName: string;
  gesundheitsEinwilligung: boolean;
}

function ClaimWizardPage(props: ClaimWizardPageProps) {
  const wizard = useClaimWizard({
    produkt: props.produkt,
    contract: props.contract,
    baseRoute: props.baseRoute,
    gesundheitsEinwilligung: props.gesundheitsEinwilligung,
  });
  const { schritt } = useParams();
  const { wizard: state, flow } = wizard;

  if (schritt === CONFIRMATION_STEP) {
    if (!state.applicationSent || !state.applicationResult) {
      return <Navigate replace to={stepPath(state, state.currentStep)} />;
    }
    return <ClaimConfirmation wizard={wizard} result={state.applicationResult} />;
  }
  // After the send the report's pages show its confirmation (a second send is not possible).
  if (state.applicationSent) return <Navigate replace to={stepPath(state, CONFIRMATION_STEP)} />;
  if (!schritt) return <Navigate replace to={stepPath(state, state.currentStep)} />;
  const open = state.steps.find((id) => !isStepDone(findStep(flow, id)!, state.answers));
  // A deep link past an open step, or to a step off the path, shows the first open step instead.
  if (!findStep(flow, schritt) || !state.steps.includes(schritt)) {
    return <Navigate replace to={stepPath(state, state.currentStep)} />;
  }
  if (open !== undefined && state.steps.indexOf(open) < state.steps.indexOf(schritt)) {
    return <Navigate replace to={stepPath(state, open)} />;
  }
  return (
    <WizardFrame wizard={wizard} currentStep={schritt} {...props}>
      <ClaimStep wizard={wizard} step={findStep(flow, schritt)!} />
    </WizardFrame>
  );
}

/** Product and contract above, the step list beside, the draft actions below the page. */
function WizardFrame({
  wizard,
  currentStep,
  name,
  vertragsName,
  contract,
  children,
}: ClaimWizardPageProps & { wizard: ClaimWizard; currentStep: string; children: React.ReactNode }) {
  const { StepList } = useWizardParts();
  return (
    <div className={styles.page}>
      <p className={styles.product}>
        {`Schaden melden: ${name}`}
        <span className={styles.contractLine}>{`${vertragsName}, Vertrag ${contract.vertragsnummer}`}</span>
      </p>
      <DraftOffer wizard={wizard} />
      <div className={styles.layout}>
        <StepList wizard={wizard} currentStep={currentStep} label="Schritte der Schadenmeldung" />
        <div className={styles.wizardMain}>{children}</div>
      </div>
      <SaveClaimDraft wizard={wizard} stepId={currentStep} />
    </div>
  );
}

/** One step of the claim flow, rendered from its fields. */
function ClaimStep({ wizard, step }: { wizard: ClaimWizard; step: FlowStep }) {
  const navigate = useNavigate();
  const { PageFields } = useWizardParts();
  const { wizard: state, flow } = wizard;
  const [showErrors, setShowErrors] = useState<string | undefined>(undefined);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The server's field errors of the last send; each step shows those of its own page.
  const [notice, setNotice] = useState<StepNotice | undefined>(undefined);
  const place = progress(flow, state.answers, 'antrag', step.id);
  const isLast = state.steps[state.steps.length - 1] === step.id;
  useDocumentTitle(`${step.title} – Schaden melden`);
  const { submit, isSending, failure } = useSubmitClaim(wizard, (next) => {
    // The server refused answers of a page: that page shows its errors.
    setNotice(next);
    const first = state.steps.find((id) => next.errors.some((error) => error.stepId === id));
    if (first && first !== step.id) void navigate(stepPath(state, first));
  });

  useEffect(() => {
    if (refusals === 0) return;
    const controls = 'input, textarea, select, button, [tabindex]:not([tabindex="-1"])';
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches(controls) ? invalid : invalid?.querySelector<HTMLElement>(controls);
    target?.focus();
  }, [refusals]);

  // The current step follows the URL; an empty page that repeats an earlier answer (the frame
  // number of the contract) starts with it, shown to confirm or change; focus goes to the heading.
  useEffect(() => {
    if (wizard.current().wizard.currentStep !== step.id) wizard.dispatch({ type: 'goTo', stepId: step.id });
    const values = prefillValues(step, wizard.current().wizard.answers);
    if (values) wizard.dispatch({ type: 'answer', stepId: step.id, values });
    headingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the step changes; the wizard is read through current()
  }, [step.id]);

  const page = state.answers[step.id] ?? {};
  const localErrors = showErrors === step.id ? errorsOfStep(pageErrors(step, state.answers), step.id) : {};
  const serverErrors = notice ? errorsOfStep(notice.errors, step.id) : {};
  const errors = { ...serverErrors, ...localErrors };
  const errorCount = Object.keys(errors).length;

  function handleNext() {
    if (!isStepDone(step, wizard.current().wizard.answers)) {
      setShowErrors(step.id);
      setRefusals((count) => count + 1);
      return;
    }
    setShowErrors(undefined);
    if (isLast) {
      void submit();
      return;
    }
    const outcome = wizard.dispatch({ type: 'next' });
    if (!outcome.ok) {
      if (outcome.refusal.code === 'STEP_INCOMPLETE') {
        setShowErrors(step.id);
        setRefusals((count) => count + 1);
      } else if (outcome.refusal.stepId) void navigate(stepPath(state, outcome.refusal.stepId));
      return;
    }
    void navigate(stepPath(state, outcome.state.currentStep));
  }

  function handleBack() {
    const index = state.steps.indexOf(step.id);
    if (index > 0) void navigate(stepPath(state, state.steps[index - 1]!));
  }

  return (
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
      {place ? <p className={styles.progress}>{`Schritt ${place.index} von ${place.count}`}</p> : null}
      <h1 id={`step-heading-${step.id}`} ref={headingRef} tabIndex={-1} className={styles.stepHeadline}>
        {step.title}
      </h1>
      {step.intro ? <p className={styles.intro}>{step.intro}</p> : null}
      {notice && Object.keys(serverErrors).length > 0 ? (
        <InfoBox variant="warning" headline="Bitte beachten Sie">
          {notice.text}
        </InfoBox>
      ) : null}
      {errorCount > 0 ? (
        <InfoBox variant="error" headline="Bitte prüfen Sie Ihre Angaben">
          {errorCount === 1
            ? 'Eine Angabe fehlt oder ist nicht korrekt.'
            : `${errorCount} Angaben fehlen oder sind nicht korrekt.`}
        </InfoBox>
      ) : null}
      {isLast ? (
        <ClaimChecklist
          produkt={wizard.stored.produkt}
          answers={pruneAnswers(flow, state.answers, 'antrag')}
          uploads={wizard.stored.uploads}
          onUploadsChange={(change) =>
            wizard.update((current) => ({ ...current, uploads: change(current.uploads) }))
          }
        />
      ) : null}
      <PageFields
        fields={step.fields ?? []}
        values={page}
        onChange={(change) => {
          // The server's errors were for the answers it saw; a change of the page clears them.
          if (notice) setNotice(undefined);
          wizard.dispatch({
            type: 'answer',
            stepId: step.id,
            values: change(wizard.current().wizard.answers[step.id] ?? {}),
          });
        }}
        errors={errors}
      />
      <div className={styles.actions}>
        {place && place.index > 1 ? (
          <Button variant="secondary" onPress={handleBack} isDisabled={isSending}>
            Zurück
          </Button>
        ) : null}
        <Button type="submit" isPending={isSending}>
          {isLast ? 'Schaden melden' : 'Weiter'}
        </Button>
      </div>
      {isSending ? (
        <p role="status" className={styles.hint}>
          Ihre Schadenmeldung wird gesendet …
        </p>
      ) : null}
      {failure ? (
        <InfoBox variant="error" headline="Ihre Meldung wurde nicht gesendet">
          {failure}
        </InfoBox>
      ) : null}
    </form>
  );
}
