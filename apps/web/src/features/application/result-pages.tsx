// The result pages of the direct application (spec §2): /antrag/sorry/ (the tariff refuses the
// risk; its reason is shown), /antrag/check-failed/ (a refused risk check) and /antrag/fehler/ (a
// technical failure with an error id). None of them loses the answers: the wizard stays in
// sessionStorage, and each page links back to the step it came from.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { ErrorScreen } from '../../ui/error-screen';
import { hostHandles, useTellHostOnce } from '../../lib/embedding-host';
import { loadOutcome, type ApplicationOutcome } from './wizard-storage';
import styles from './application.module.css';

/** Back to the step the outcome came from, or to the start page without one. */
function BackLink({ outcome }: { outcome: ApplicationOutcome | undefined }) {
  const { t } = useTranslation('application');
  if (!outcome) return <Link to="/">{t('results.home')}</Link>;
  return <Link to={`${outcome.baseRoute}/${outcome.stepId}/`}>{t('results.backToAnswers')}</Link>;
}

/** Embedded (issue 16): the host learns that no online contract is possible; this page stays. */
function useUninsurableToHost(
  outcome: ApplicationOutcome | undefined,
  kind: ApplicationOutcome['kind'],
  reason: string,
) {
  const productName = outcome?.productName ?? '';
  useTellHostOnce(`${kind}:${productName}:${reason}`, () => {
    void hostHandles('handleUninsurablePricingResult', { productName, reason });
  });
}

/** /antrag/sorry/: the risk cannot be insured online, with the tariff's reason. */
export function SorryPage() {
  const { t } = useTranslation('application');
  const outcome = loadOutcome();
  const reason = outcome?.kind === 'sorry' && outcome.reason ? outcome.reason : t('results.sorryReason');
  useDocumentTitle(t('results.sorryHeadline'));
  useUninsurableToHost(outcome, 'sorry', reason);
  return (
    <div className={styles.resultPage}>
      <ErrorScreen
        headline={t('results.sorryHeadline')}
        subline={reason}
        explanation={t('results.sorryExplanation')}
      />
      <p className={styles.resultLinks}>
        <BackLink outcome={outcome} />
      </p>
    </div>
  );
}

/** /antrag/check-failed/: the risk check refused the application. */
export function CheckFailedPage() {
  const { t } = useTranslation('application');
  const outcome = loadOutcome();
  const reason =
    outcome?.kind === 'check-failed' && outcome.reason ? outcome.reason : t('results.checkFailedReason');
  useDocumentTitle(t('results.checkFailedHeadline'));
  useUninsurableToHost(outcome, 'check-failed', reason);
  return (
    <div className={styles.resultPage}>
      <ErrorScreen
        headline={t('results.checkFailedHeadline')}
        subline={reason}
        explanation={t('results.checkFailedExplanation')}
      />
      <p className={styles.resultLinks}>
        <BackLink outcome={outcome} />
      </p>
    </div>
  );
}

/** /antrag/fehler/: a technical failure, with the error id to quote. */
export function ApplicationErrorPage() {
  const { t } = useTranslation('application');
  const outcome = loadOutcome();
  useDocumentTitle(t('results.errorTitle'));
  const errorId = outcome?.kind === 'fehler' ? outcome.errorId : undefined;
  useTellHostOnce(`fehler:${errorId ?? ''}`, () => {
    void hostHandles('handleGenericError', {
      ...(errorId ? { errorId } : {}),
      message: t('results.errorToHost'),
    });
  });
  return (
    <div className={styles.resultPage}>
      <ErrorScreen
        headline={t('results.errorHeadline')}
        subline={t('results.errorSubline')}
        explanation={t('results.errorExplanation')}
        {...(outcome?.kind === 'fehler' && outcome.errorId ? { errorId: outcome.errorId } : {})}
      />
      <p className={styles.resultLinks}>
        <BackLink outcome={outcome} />
      </p>
    </div>
  );
}
