// Drafts (issue 13 part 7): 'Speichern und später fortsetzen' on every step sends the answers so
// far (pruned to the path) to POST /api/taa/entwuerfe; the server e-mails a resume link
// `/<produkt>/antrag/<schritt>/?savedDraftId=…`. Opening it loads the draft, prefills the wizard
// (isPrefilled) and shows the first open step; the variant step prices again when it opens.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { pruneAnswers } from '@schirm/domain/application/navigation';
import type { ProductApplication } from '@schirm/domain/application/product-application';
import { stepPath } from '@schirm/domain/application/wizard-state';
import { formatDate } from '@schirm/domain/format/date';
import { emailSchema } from '@schirm/domain/validation/email';
import { Button } from '../../ui/button';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { envelopeOf, saveDraft } from './application-api';
import { currentAgentDraft, rememberAgentDraft, useApplicationChannel, type ResumeSource } from './channel';
import { request } from '../../lib/api';
import type { ApplicationWizard } from './use-application-wizard';
import styles from './application.module.css';

/** The namespace of the application pages' texts (as wizard-page.tsx names it). */
const TEXTS = 'application';

/** Why a saved draft cannot be opened (keys of the `application` texts). */
export const DRAFT_MESSAGES = {
  unknown: 'drafts.unknown',
  expired: 'drafts.expired',
  otherProduct: 'drafts.otherProduct',
  failed: 'drafts.failed',
  saveFailed: 'drafts.saveFailed',
} as const;

/** The e-mail the person gave on the person (or applicant) step, if any. */
function emailOfAnswers(wizard: ApplicationWizard): string | undefined {
  const { answers } = wizard.wizard;
  const email = answers.person?.email ?? answers.antragsteller?.email;
  return typeof email === 'string' && emailSchema.safeParse(email).success ? email : undefined;
}

interface SaveDraftProps {
  app: ProductApplication;
  wizard: ApplicationWizard;
  stepId: string;
  startOpen?: boolean;
}

/** Saving for later as the channel does it: by e-mail link, or into the agent's drafts. */
export function SaveDraft(props: SaveDraftProps) {
  return useApplicationChannel().drafts === 'agent' ? (
    <SaveAgentDraft {...props} />
  ) : (
    <SaveDraftByEmail {...props} />
  );
}

/**
 * The agent's advice: 'Als Entwurf speichern' keeps it under /vermittler/entwuerfe/ (30 days);
 * a second save of the same advice updates that draft.
 */
function SaveAgentDraft({ app, wizard, stepId }: SaveDraftProps) {
  const { t } = useTranslation(TEXTS);
  const [status, setStatus] = useState<
    | { kind: 'idle' }
    | { kind: 'saving' }
    | { kind: 'saved'; until: string }
    | { kind: 'failed'; message?: string }
  >({ kind: 'idle' });
  async function save() {
    setStatus({ kind: 'saving' });
    const entwurfId = currentAgentDraft(app.slug);
    const result = await request<{ entwurfId: string; gueltigBis: string }>({
      method: 'POST',
      path: '/api/vermittler/entwuerfe',
      body: {
        produkt: app.slug,
        schritt: stepId,
        antworten: pruneAnswers(wizard.flow, wizard.current().wizard.answers, 'vermittler-beratung'),
        ...(entwurfId ? { entwurfId } : {}),
      },
    });
    if (result.ok && !result.canceled) {
      rememberAgentDraft(app.slug, result.data.entwurfId);
      setStatus({ kind: 'saved', until: result.data.gueltigBis });
    } else if (!result.ok) {
      const message = envelopeOf(result).message;
      setStatus({ kind: 'failed', ...(message ? { message } : {}) });
    }
  }
  return (
    <section className={styles.draft} aria-label={t('drafts.agentSection')} data-field-key="__draft">
      <Button variant="tertiary" isPending={status.kind === 'saving'} onPress={() => void save()}>
        {t('drafts.agentSave')}
      </Button>
      {status.kind === 'saved' ? (
        <InfoBox variant="info" headline={t('drafts.agentSavedHeadline')}>
          {t('drafts.agentSavedBefore', { date: formatDate(status.until) })}{' '}
          <Link to="/vermittler/entwuerfe/">{t('drafts.agentSavedLink')}</Link>
          {t('drafts.agentSavedAfter')}
        </InfoBox>
      ) : null}
      {status.kind === 'failed' ? (
        <InfoBox variant="error">{status.message ?? t(DRAFT_MESSAGES.saveFailed)}</InfoBox>
      ) : null}
    </section>
  );
}

/** 'Speichern und später fortsetzen': asks for the e-mail when no person step has it yet. */
function SaveDraftByEmail({
  app,
  wizard,
  stepId,
  startOpen = false,
}: {
  app: ProductApplication;
  wizard: ApplicationWizard;
  stepId: string;
  /** Opens with the e-mail form (the first screen's button was pressed before the wizard was there). */
  startOpen?: boolean;
}) {
  const { t } = useTranslation(TEXTS);
  const [isOpen, setOpen] = useState(() => startOpen && emailOfAnswers(wizard) === undefined);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<
    | { kind: 'idle' }
    | { kind: 'saving' }
    | { kind: 'saved'; to: string; until: string; entwurfId: string }
    | { kind: 'failed' }
  >({ kind: 'idle' });
  const known = emailOfAnswers(wizard);

  async function save() {
    const to = known ?? email.trim();
    if (!known) {
      const parsed = emailSchema.safeParse(to);
      if (!parsed.success) {
        setEmailError(parsed.error.issues[0]?.message ?? t('drafts.emailInvalid'));
        return;
      }
    }
    setEmailError(undefined);
    setStatus({ kind: 'saving' });
    const result = await saveDraft({
      produkt: app.slug,
      kanal: 'antrag',
      antworten: pruneAnswers(wizard.flow, wizard.current().wizard.answers, 'antrag'),
      schritt: stepId,
      email: to,
    });
    if (result.ok && !result.canceled) {
      setStatus({ kind: 'saved', to, until: result.data.gueltigBis, entwurfId: result.data.entwurfId });
    } else setStatus({ kind: 'failed' });
  }

  return (
    <section className={styles.draft} aria-label={t('drafts.section')} data-field-key="__draft">
      {!isOpen ? (
        <Button
          variant="tertiary"
          onPress={() => (known ? void save().then(() => setOpen(true)) : setOpen(true))}
        >
          {t('drafts.saveForLater')}
        </Button>
      ) : null}
      {isOpen && status.kind !== 'saved' && !known ? (
        <form
          className={styles.draftForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextInput
            label={t('drafts.email')}
            type="email"
            autoComplete="email"
            isRequired
            value={email}
            onChange={setEmail}
            {...(emailError ? { errorMessage: emailError } : {})}
          />
          <div>
            <Button type="submit" variant="secondary" isPending={status.kind === 'saving'}>
              {t('drafts.save')}
            </Button>
          </div>
        </form>
      ) : null}
      {status.kind === 'saving' && known ? <Loading label={t('drafts.saving')} /> : null}
      {status.kind === 'saved' ? (
        <InfoBox variant="info" headline={t('drafts.savedHeadline')}>
          {t('drafts.saved', { email: status.to, date: formatDate(status.until) })}
        </InfoBox>
      ) : null}
      {status.kind === 'saved' ? <HandOverDraft entwurfId={status.entwurfId} /> : null}
      {status.kind === 'failed' ? <InfoBox variant="error">{t(DRAFT_MESSAGES.saveFailed)}</InfoBox> : null}
    </section>
  );
}

/**
 * A saved draft can be handed over to an agent (ADR 0034): with the agent's Vermittlernummer it
 * moves to the agent's drafts, who continues it in advice mode; the resume link then no longer works.
 */
function HandOverDraft({ entwurfId }: { entwurfId: string }) {
  const { t } = useTranslation(TEXTS);
  const [nummer, setNummer] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'done'; text: string }>({
    kind: 'idle',
  });
  async function handOver() {
    if (!/^\d{10}$/.test(nummer.trim())) {
      setError(t('drafts.handOverNumberInvalid'));
      return;
    }
    setError(undefined);
    setState({ kind: 'sending' });
    const result = await request<{ vermittler: string; agentur: string; hinweis: string }>({
      method: 'POST',
      path: '/api/taa/entwuerfe/{entwurfId}/vermittler',
      pathParams: { entwurfId },
      body: { vermittlernummer: nummer.trim() },
      authenticated: false,
    });
    if (result.ok && !result.canceled) {
      setState({
        kind: 'done',
        text: t('drafts.handedOver', { agentur: result.data.agentur, hinweis: result.data.hinweis }),
      });
      return;
    }
    setState({ kind: 'idle' });
    if (!result.ok) {
      setError(envelopeOf(result).message ?? t('drafts.handOverFailed'));
    }
  }
  if (state.kind === 'done') {
    return (
      <InfoBox variant="info" headline={t('drafts.handedOverHeadline')}>
        {state.text}
      </InfoBox>
    );
  }
  return (
    <form
      className={styles.draftForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handOver();
      }}
    >
      <TextInput
        label={t('drafts.handOverNumber')}
        inputMode="numeric"
        value={nummer}
        onChange={setNummer}
        {...(error ? { errorMessage: error } : {})}
      />
      <div>
        <Button type="submit" variant="secondary" isPending={state.kind === 'sending'}>
          {t('drafts.handOver')}
        </Button>
      </div>
    </form>
  );
}

/**
 * `?savedDraftId=`: loads the draft, prefills the wizard and shows the step of the link (where the
 * applicant saved), or the first open step when that one lies beyond it.
 */
export function DraftResume({
  app,
  wizard,
  source,
  requestedStep,
}: {
  app: ProductApplication;
  wizard: ApplicationWizard;
  source: ResumeSource;
  requestedStep?: string;
}) {
  const { t } = useTranslation(TEXTS);
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'done'; stepId: string } | { kind: 'failed'; message: string }
  >({ kind: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    void source.load().then((result) => {
      if (!isCurrent || (result.ok && result.canceled)) return;
      if (!result.ok) {
        const envelope = envelopeOf(result);
        const message =
          result.errorStatus === 410
            ? DRAFT_MESSAGES.expired
            : result.errorStatus === 404
              ? DRAFT_MESSAGES.unknown
              : DRAFT_MESSAGES.failed;
        // The server's German message is the more precise one where it sends it.
        setState({
          kind: 'failed',
          message: result.errorStatus === 'unknown' ? t(message) : (envelope.message ?? t(message)),
        });
        return;
      }
      if (result.data.produkt !== app.slug) {
        setState({ kind: 'failed', message: t(DRAFT_MESSAGES.otherProduct) });
        return;
      }
      // The draft replaces this tab's answers: a fresh wizard, prefilled and pruned to the path.
      wizard.dispatch({ type: 'reset' });
      const outcome = wizard.dispatch({ type: 'prefill', answers: result.data.antworten });
      wizard.update((current) => ({ ...current, offer: undefined, idempotency: undefined }));
      const steps = outcome.state.steps;
      const firstOpen = steps.indexOf(outcome.state.currentStep);
      const requested = requestedStep === undefined ? -1 : steps.indexOf(requestedStep);
      const landing = requested !== -1 && requested <= firstOpen ? requestedStep : outcome.state.currentStep;
      setState({ kind: 'done', stepId: landing ?? outcome.state.currentStep });
    });
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per draft link; the wizard object changes on every answer and must not reload the draft
  }, [source.key, app]);

  if (state.kind === 'done') {
    return <Navigate replace to={stepPath(wizard.wizard, state.stepId)} state={{ resumed: true }} />;
  }
  if (state.kind === 'failed') {
    return (
      <div className={styles.page}>
        <h1 className={styles.headline}>{t('drafts.resumeHeadline')}</h1>
        <InfoBox variant="error" headline={t('drafts.resumeFailedHeadline')}>
          {state.message}
        </InfoBox>
        <p>
          <Link to={`${wizard.wizard.baseRoute}/`}>{t('drafts.restart', { product: app.name })}</Link>
        </p>
      </div>
    );
  }
  return <Loading label={t('drafts.resuming')} isBlock />;
}
