// …/bestaetigung/ of a claim report: the claim number, the receipt (PDF, also in the Postfach and by
// e-mail) and the way to the claim in 'Schäden'. A reload shows it again from the wizard's storage.
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { stepPath } from '@schirm/domain/application/wizard-state';
import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/button';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { InfoBox } from '../../ui/info-box';
import type { ClaimResult } from './claims-api';
import type { ClaimWizard } from './use-claim-wizard';
import styles from './claims.module.css';

export function ClaimConfirmation({ wizard, result }: { wizard: ClaimWizard; result: ClaimResult }) {
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`Schaden ${result.schadennummer} gemeldet`);
  useEffect(() => headingRef.current?.focus(), []);

  function reportAnother() {
    wizard.restart();
    void navigate(stepPath(wizard.current().wizard, wizard.current().wizard.currentStep));
  }

  return (
    <div className={styles.page}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.headline}>
        Ihr Schaden ist gemeldet
      </h1>
      <InfoBox variant="info" headline={`Ihre Schadennummer: ${result.schadennummer}`}>
        Bitte geben Sie diese Nummer an, wenn Sie uns zu diesem Schaden schreiben. Die Eingangsbestätigung
        finden Sie auch in Ihrem Postfach, und wir haben sie Ihnen per E-Mail gesendet.
      </InfoBox>
      {result.dokumente.length > 0 ? (
        <section aria-labelledby="beleg-titel" className={styles.section}>
          <h2 id="beleg-titel" className={styles.sectionHeadline}>
            Ihre Eingangsbestätigung
          </h2>
          {result.dokumente.map((document) => (
            <DocumentDownloadButton
              key={document.url}
              url={document.url}
              fileName={`${document.titel} ${result.schadennummer}.pdf`}
              label={`${document.titel} herunterladen (PDF)`}
            />
          ))}
        </section>
      ) : null}
      <p className={styles.links}>
        <Link to={`/kunden/schaeden/${result.claimId}/`}>{`Schaden ${result.schadennummer} ansehen`}</Link>
        <Link to="/kunden/schaeden/">Alle Schäden</Link>
      </p>
      <div>
        <Button variant="tertiary" onPress={reportAnother}>
          Weiteren Schaden zu diesem Vertrag melden
        </Button>
      </div>
    </div>
  );
}
