// Drafts of a claim report (issue 14 part 1): 'Entwurf speichern' keeps the answers so far (pruned to
// the path) and the step on the server, one draft per contract (PUT
// /api/schadenstrecke/entwuerfe/:contractId). Opening the report of that contract again, on any
// device, offers to continue it: the wizard is prefilled (isPrefilled) and shows the saved step, or
// the first open one before it. Uploaded files are not part of a draft.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pruneAnswers } from '@schirm/domain/application/navigation';
import { stepPath } from '@schirm/domain/application/wizard-state';
import { formatDateTime } from '@schirm/domain/format/date';
import { Button } from '../../ui/button';
import { InfoBox } from '../../ui/info-box';
import { claimKeys, deleteClaimDraft, saveClaimDraft, useClaimDraft } from './claims-api';
import type { ClaimWizard } from './use-claim-wizard';
import styles from './claims.module.css';

export const DRAFT_TEXTS = {
  saved:
    'Ihr Entwurf ist gespeichert. Sie können die Meldung später über „Schaden melden“ zu diesem Vertrag fortsetzen.',
  saveFailed: 'Ihr Entwurf konnte gerade nicht gespeichert werden. Bitte versuchen Sie es noch einmal.',
  resumed: 'Wir haben Ihren gespeicherten Entwurf übernommen. Bitte prüfen Sie Ihre Angaben.',
} as const;

/** 'Entwurf speichern' below every page of the report. */
export function SaveClaimDraft({ wizard, stepId }: { wizard: ClaimWizard; stepId: string }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const { vertragsnummer } = wizard.setup.contract;

  async function save() {
    setStatus('saving');
    const current = wizard.current();
    const result = await saveClaimDraft(vertragsnummer, {
      produkt: current.produkt,
      antworten: pruneAnswers(wizard.flow, current.wizard.answers, 'antrag'),
      schritt: stepId,
    });
    if (result.ok && !result.canceled) {
      // The draft's key is the one its submit sends, here and in any tab that continues it.
      const { idempotencyKey } = result.data;
      wizard.update((stored) => ({ ...stored, idempotencyKey }));
      setStatus('saved');
      void queryClient.invalidateQueries({ queryKey: claimKeys.draft(vertragsnummer) });
    } else setStatus('failed');
  }

  return (
    <section className={styles.draft} aria-label="Entwurf">
      <Button variant="tertiary" onPress={() => void save()} isPending={status === 'saving'}>
        Entwurf speichern
      </Button>
      <div role="status">
        {status === 'saved' ? <p className={styles.draftNote}>{DRAFT_TEXTS.saved}</p> : null}
      </div>
      {status === 'failed' ? (
        <InfoBox variant="error" headline="Nicht gespeichert">
          {DRAFT_TEXTS.saveFailed}
        </InfoBox>
      ) : null}
    </section>
  );
}

/** Above the report: a saved draft of this contract, to continue or to discard. */
export function DraftOffer({ wizard }: { wizard: ClaimWizard }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { vertragsnummer } = wizard.setup.contract;
  const draft = useClaimDraft(vertragsnummer);
  const [isDiscarding, setDiscarding] = useState(false);
  const [isDismissed, setDismissed] = useState(false);
  const state = wizard.wizard;

  if (state.isPrefilled) {
    return (
      <InfoBox variant="info" headline="Ihr gespeicherter Entwurf">
        {DRAFT_TEXTS.resumed}
      </InfoBox>
    );
  }
  if (isDismissed || !draft.data || draft.data.produkt !== wizard.stored.produkt) return null;
  const saved = draft.data;

  function resume() {
    const outcome = wizard.dispatch({ type: 'prefill', answers: saved.antworten });
    wizard.update((stored) => ({ ...stored, idempotencyKey: saved.idempotencyKey }));
    const next = outcome.state;
    // The saved step if it is on the path and nothing before it is open; else the first open step.
    const stepId =
      next.steps.includes(saved.schritt) &&
      next.steps.indexOf(next.currentStep) >= next.steps.indexOf(saved.schritt)
        ? saved.schritt
        : next.currentStep;
    void navigate(stepPath(next, stepId));
  }

  async function discard() {
    setDiscarding(true);
    await deleteClaimDraft(vertragsnummer);
    setDiscarding(false);
    setDismissed(true);
    void queryClient.invalidateQueries({ queryKey: claimKeys.draft(vertragsnummer) });
  }

  return (
    <InfoBox variant="info" headline="Sie haben einen Entwurf zu diesem Vertrag">
      <p>{`Gespeichert am ${formatDateTime(saved.aktualisiertAm)}. Möchten Sie die Meldung fortsetzen?`}</p>
      <div className={styles.draftActions}>
        <Button variant="secondary" onPress={resume}>
          Entwurf fortsetzen
        </Button>
        <Button variant="tertiary" onPress={() => void discard()} isPending={isDiscarding}>
          Entwurf verwerfen
        </Button>
      </div>
    </InfoBox>
  );
}
