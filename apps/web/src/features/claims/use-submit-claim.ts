// Sends a claim report: the answers pruned to the path, the uploaded files (each with its checklist
// document) and one Idempotency-Key per report, kept in the wizard's storage before the first send.
// A double click sends once (the second press finds the send running); a reload during or after the
// send repeats it with the same key, and the server answers the same claim.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pruneAnswers } from '@schirm/domain/application/navigation';
import { stepPath } from '@schirm/domain/application/wizard-state';
import { createErrorId } from '../../lib/error-id';
import { claimKeys, submitClaim } from './claims-api';
import { byStep, errorEnvelope } from './server-errors';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import type { ClaimWizard } from './use-claim-wizard';

/** The server's field errors, per step, handed to the step that shows them. */
export interface StepNotice {
  text: string;
  errors: { stepId: string; path: string; message: string }[];
}

export const SUBMIT_MESSAGES = {
  checkAnswers: 'Bitte prüfen Sie die markierten Angaben.',
  refused: 'Ihre Schadenmeldung konnte nicht angenommen werden. Bitte prüfen Sie Ihre Angaben und Dateien.',
  offline:
    'Ihre Schadenmeldung konnte gerade nicht gesendet werden. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es noch einmal.',
} as const;

/** What the error page …/fehler/ shows: the report to return to and the id to quote. */
export interface ClaimErrorOutcome {
  backTo: string;
  productName: string;
  errorId: string;
}

const ERROR_KEY = 'schirm.schaden.fehler';

export function saveClaimError(outcome: ClaimErrorOutcome): void {
  try {
    globalThis.sessionStorage?.setItem(ERROR_KEY, JSON.stringify(outcome));
  } catch {
    // Without storage the error page shows its general text.
  }
}

export function loadClaimError(): ClaimErrorOutcome | undefined {
  try {
    const text = globalThis.sessionStorage?.getItem(ERROR_KEY);
    return text ? (JSON.parse(text) as ClaimErrorOutcome) : undefined;
  } catch {
    return undefined;
  }
}

export function useSubmitClaim(wizard: ClaimWizard, onFieldErrors: (notice: StepNotice) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isRunning = useRef(false);
  const [isSending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);

  async function submit() {
    if (isRunning.current) return;
    isRunning.current = true;
    setSending(true);
    setFailure(undefined);
    const stored = wizard.current().idempotencyKey
      ? wizard.current()
      : wizard.update((current) => ({ ...current, idempotencyKey: newIdempotencyKey() }));
    const { vertragsnummer } = wizard.setup.contract;
    const result = await submitClaim(
      vertragsnummer,
      {
        produkt: stored.produkt,
        antworten: pruneAnswers(wizard.flow, stored.wizard.answers, 'antrag'),
        uploads: stored.uploads.map((upload) => ({
          uploadId: upload.uploadId,
          ...(upload.dokument ? { dokument: upload.dokument } : {}),
        })),
      },
      stored.idempotencyKey!,
    );
    isRunning.current = false;
    setSending(false);
    if (result.ok && result.canceled) return;
    if (result.ok) {
      wizard.dispatch({ type: 'markSent', result: result.data });
      void queryClient.invalidateQueries({ queryKey: claimKeys.all });
      void navigate(stepPath(wizard.current().wizard, 'bestaetigung'));
      return;
    }
    const envelope = errorEnvelope(result);
    if (result.errorStatus === 422 && envelope.fieldErrors.length > 0) {
      onFieldErrors({
        text: envelope.message ?? SUBMIT_MESSAGES.checkAnswers,
        errors: byStep(envelope.fieldErrors),
      });
      return;
    }
    if (typeof result.errorStatus === 'number' && result.errorStatus < 500) {
      setFailure(envelope.message ?? SUBMIT_MESSAGES.refused);
      return;
    }
    if (result.errorStatus === 'unknown') {
      setFailure(SUBMIT_MESSAGES.offline);
      return;
    }
    saveClaimError({
      backTo: stepPath(wizard.current().wizard, wizard.current().wizard.currentStep),
      productName: wizard.current().wizard.productName,
      errorId: createErrorId(),
    });
    void navigate('/kunden/schaden-melden/fehler/');
  }

  return { submit, isSending, failure };
}
