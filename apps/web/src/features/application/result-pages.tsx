// The result pages of the direct application (spec §2): /antrag/sorry/ (the tariff refuses the
// risk; its reason is shown), /antrag/check-failed/ (a refused risk check) and /antrag/fehler/ (a
// technical failure with an error id). None of them loses the answers: the wizard stays in
// sessionStorage, and each page links back to the step it came from.
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { ErrorScreen } from '../../ui/error-screen';
import { hostHandles, useTellHostOnce } from '../../lib/embedding-host';
import { loadOutcome, type ApplicationOutcome } from './wizard-storage';
import styles from './application.module.css';

function backLink(outcome: ApplicationOutcome | undefined, label: string) {
  if (!outcome) return <Link to="/">Zur Startseite</Link>;
  return <Link to={`${outcome.baseRoute}/${outcome.stepId}/`}>{label}</Link>;
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
  const outcome = loadOutcome();
  useDocumentTitle('Leider können wir Ihnen kein Angebot machen');
  useUninsurableToHost(
    outcome,
    'sorry',
    outcome?.kind === 'sorry' && outcome.reason
      ? outcome.reason
      : 'Nach Ihren Angaben können wir dieses Risiko online nicht versichern.',
  );
  return (
    <div className={styles.resultPage}>
      <ErrorScreen
        headline="Leider können wir Ihnen kein Angebot machen"
        subline={
          outcome?.kind === 'sorry' && outcome.reason
            ? outcome.reason
            : 'Nach Ihren Angaben können wir dieses Risiko online nicht versichern.'
        }
        explanation="Ihre Angaben bleiben erhalten. Sie können sie ändern oder uns für eine persönliche Beratung anrufen."
      />
      <p className={styles.resultLinks}>{backLink(outcome, 'Zurück zu Ihren Angaben')}</p>
    </div>
  );
}

/** /antrag/check-failed/: the risk check refused the application. */
export function CheckFailedPage() {
  const outcome = loadOutcome();
  useDocumentTitle('Ihr Antrag kann online nicht abgeschlossen werden');
  useUninsurableToHost(
    outcome,
    'check-failed',
    outcome?.kind === 'check-failed' && outcome.reason
      ? outcome.reason
      : 'Unsere Prüfung Ihrer Angaben erlaubt keinen Online-Abschluss.',
  );
  return (
    <div className={styles.resultPage}>
      <ErrorScreen
        headline="Ihr Antrag kann online nicht abgeschlossen werden"
        subline={
          outcome?.kind === 'check-failed' && outcome.reason
            ? outcome.reason
            : 'Unsere Prüfung Ihrer Angaben erlaubt keinen Online-Abschluss.'
        }
        explanation="Ihre Angaben bleiben erhalten. Bitte wenden Sie sich für ein persönliches Angebot an uns."
      />
      <p className={styles.resultLinks}>{backLink(outcome, 'Zurück zu Ihren Angaben')}</p>
    </div>
  );
}

/** /antrag/fehler/: a technical failure, with the error id to quote. */
export function ApplicationErrorPage() {
  const outcome = loadOutcome();
  useDocumentTitle('Technischer Fehler im Antrag');
  const errorId = outcome?.kind === 'fehler' ? outcome.errorId : undefined;
  useTellHostOnce(`fehler:${errorId ?? ''}`, () => {
    void hostHandles('handleGenericError', {
      ...(errorId ? { errorId } : {}),
      message: 'Leider ist ein technischer Fehler im Antrag aufgetreten. Die Angaben sind nicht verloren.',
    });
  });
  return (
    <div className={styles.resultPage}>
      <ErrorScreen
        headline="Leider ist ein technischer Fehler aufgetreten"
        subline="Ihre Angaben sind nicht verloren. Bitte versuchen Sie es in einigen Minuten noch einmal."
        explanation="Wenn der Fehler bleibt, nennen Sie uns bitte die Fehler-ID."
        {...(outcome?.kind === 'fehler' && outcome.errorId ? { errorId: outcome.errorId } : {})}
      />
      <p className={styles.resultLinks}>{backLink(outcome, 'Zurück zu Ihren Angaben')}</p>
    </div>
  );
}
