// /kunden/schaden-melden/fehler/ (spec §2): a technical failure while sending a report, with the
// error id to quote and the way back to the answers (kept in this tab; the send's key too, so a
// second try makes one claim).
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { ErrorScreen } from '../../ui/error-screen';
import { loadClaimError } from './use-submit-claim';
import styles from './claims.module.css';

export function ClaimErrorPage() {
  const outcome = loadClaimError();
  useDocumentTitle('Technischer Fehler bei der Schadenmeldung');
  return (
    <div className={styles.page}>
      <ErrorScreen
        headline="Ihre Schadenmeldung konnte nicht gesendet werden"
        subline="Ihre Angaben sind nicht verloren. Bitte versuchen Sie es in einigen Minuten noch einmal."
        explanation="Wenn der Fehler bleibt, nennen Sie uns bitte die Fehler-ID."
        {...(outcome?.errorId ? { errorId: outcome.errorId } : {})}
      />
      <p className={styles.links}>
        {outcome ? (
          <Link to={outcome.backTo}>{`Zurück zu Ihrer Schadenmeldung (${outcome.productName})`}</Link>
        ) : null}
        <Link to="/kunden/schaeden/">Zu Ihren Schäden</Link>
      </p>
    </div>
  );
}
