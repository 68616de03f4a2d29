// /<produkt>/antrag/bestaetigung/: the application result (contract number, product, start,
// premium, documents) and how the contract reaches the customer portal. Only after a sent
// application; before that the wizard's current step is shown.
import { Link, Navigate, useParams } from 'react-router';
import type { ProductApplication } from '@schirm/domain/application/product-application';
import { formatDate } from '@schirm/domain/format/date';
import { formatCents } from '@schirm/domain/format/money';
import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/button';
import { InfoBox } from '../../ui/info-box';
import { adviceApplicationOfRoute, applicationOfRoute } from './application-route';
import { useApplicationChannel } from './channel';
import { useApplicationWizard } from './use-application-wizard';
import { premiumText } from './variant-step';
import styles from './application.module.css';

export { applicationLoader } from './application-route';

export function ConfirmationPage() {
  const setup = useApplicationChannel();
  const params = useParams();
  const app = setup.channel === 'antrag' ? applicationOfRoute(params) : adviceApplicationOfRoute(params);
  return app ? <Confirmation key={app.slug} app={app} /> : null;
}

function Confirmation({ app }: { app: ProductApplication }) {
  const wizard = useApplicationWizard(app);
  const { wizard: state } = wizard;
  const result = state.applicationResult;
  useDocumentTitle(`Ihr Vertrag – ${app.name}`);
  if (!state.applicationSent || !result) return <Navigate replace to={`${state.baseRoute}/`} />;
  return (
    <div className={styles.page}>
      <p className={styles.product}>{app.name}</p>
      <h1 className={styles.headline}>Vielen Dank, Ihr Vertrag ist abgeschlossen</h1>
      <dl className={styles.summary}>
        <div>
          <dt>Versicherungsnummer</dt>
          <dd>{result.versicherungsNummer}</dd>
        </div>
        <div>
          <dt>Produkt</dt>
          <dd>
            {result.produktName}, {result.varianteName}
          </dd>
        </div>
        <div>
          <dt>Versicherungsbeginn</dt>
          <dd>{formatDate(result.vertragsBeginn)}</dd>
        </div>
        {result.evbNummer ? (
          <div>
            <dt>eVB-Nummer (für die Zulassungsstelle)</dt>
            <dd>{result.evbNummer}</dd>
          </div>
        ) : null}
        <div>
          <dt>Ihr Beitrag</dt>
          <dd>
            {premiumText(result.beitrag.bruttoCents, result.zahlweise)} (netto{' '}
            {formatCents(result.beitrag.nettoCents)}, Versicherungsteuer{' '}
            {formatCents(result.beitrag.versicherungsteuerCents)})
          </dd>
        </div>
      </dl>
      {result.dokumente.length > 0 ? (
        <section aria-labelledby="confirmation-documents">
          <h2 id="confirmation-documents" className={styles.subheadline}>
            Ihre Unterlagen
          </h2>
          <ul className={styles.documentList}>
            {result.dokumente.map((document) => (
              <li key={document.url}>
                <a href={document.url} download>
                  {document.name} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <InfoBox variant="info" headline="So geht es weiter">
        {result.registrierung === 'LINK_GESENDET'
          ? `Wir haben Ihnen einen Link zur Registrierung an ${result.email} gesendet, zusammen mit Ihren Unterlagen. Nach der Registrierung erscheint Ihr Vertrag in Ihrem Kundenportal.`
          : `Wir haben Ihnen Ihre Unterlagen an ${result.email} gesendet. Ihr Vertrag erscheint in Ihrem Kundenportal.`}
      </InfoBox>
      <div className={styles.actions}>
        <Link to="/kunden/login/" className={styles.link}>
          Zum Kundenportal
        </Link>
        <Button variant="tertiary" onPress={() => wizard.dispatch({ type: 'reset' })}>
          Einen weiteren Antrag beginnen
        </Button>
      </div>
    </div>
  );
}
