// /<produkt>/antrag/bestaetigung/: the application result (contract number, product, start,
// premium, documents) and how the contract reaches the customer portal. Only after a sent
// application; before that the wizard's current step is shown. After an agent's advice the page
// speaks to the agent: the customer's contract, the advice documentation among its documents and
// the way to the customer in the portfolio.
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { ProductApplication } from '@schirm/domain/application/product-application';
import { formatDate } from '@schirm/domain/format/date';
import { formatCents } from '@schirm/domain/format/money';
import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/button';
import { InfoBox } from '../../ui/info-box';
import { tellHost, useTellHostOnce } from '../../lib/embedding-host';
import type { ApplicationResult } from './application-api';
import { adviceApplicationOfRoute, applicationOfRoute } from './application-route';
import { useApplicationChannel } from './channel';
import { useApplicationWizard, type ApplicationWizard } from './use-application-wizard';
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
  const setup = useApplicationChannel();
  const wizard = useApplicationWizard(app);
  const { wizard: state } = wizard;
  const result = state.applicationResult;
  if (!state.applicationSent || !result) return <Navigate replace to={`${state.baseRoute}/`} />;
  return setup.channel === 'vermittler-beratung' ? (
    <AgentConfirmation app={app} result={result} wizard={wizard} />
  ) : (
    <CustomerConfirmation app={app} result={result} wizard={wizard} />
  );
}

interface ConfirmationProps {
  app: ProductApplication;
  result: ApplicationResult;
  wizard: ApplicationWizard;
}

function CustomerConfirmation({ app, result, wizard }: ConfirmationProps) {
  useDocumentTitle(`Ihr Vertrag – ${app.name}`);
  // Embedded (issue 16): the host learns of the new contract; this page stays for the person.
  useTellHostOnce(result.versicherungsNummer, () => {
    void tellHost('handleContractConclusion', {
      contractId: result.versicherungsNummer,
      productName: result.produktName,
      isCreated: true,
    });
  });
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
                <a href={document.url} download target="_blank" rel="noopener noreferrer">
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

/** The agent's confirmation: the customer's contract, its documents and the way to the customer. */
function AgentConfirmation({ app, result, wizard }: ConfirmationProps) {
  const { t } = useTranslation('advice');
  const kunde = result.kunde?.name ?? result.email;
  useDocumentTitle(t('agentConfirmation.title', { produkt: app.name }));
  return (
    <div className={styles.page}>
      <p className={styles.product}>{app.name}</p>
      <h1 className={styles.headline}>{t('agentConfirmation.headline', { kunde })}</h1>
      <dl className={styles.summary}>
        <div>
          <dt>{t('agentConfirmation.number')}</dt>
          <dd>{result.versicherungsNummer}</dd>
        </div>
        <div>
          <dt>{t('agentConfirmation.product')}</dt>
          <dd>
            {result.produktName}, {result.varianteName}
          </dd>
        </div>
        <div>
          <dt>{t('agentConfirmation.start')}</dt>
          <dd>{formatDate(result.vertragsBeginn)}</dd>
        </div>
        {result.evbNummer ? (
          <div>
            <dt>{t('agentConfirmation.evb')}</dt>
            <dd>{result.evbNummer}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('agentConfirmation.premium')}</dt>
          <dd>
            {t('agentConfirmation.premiumDetail', {
              brutto: premiumText(result.beitrag.bruttoCents, result.zahlweise),
              netto: formatCents(result.beitrag.nettoCents),
              steuer: formatCents(result.beitrag.versicherungsteuerCents),
            })}
          </dd>
        </div>
        {result.vermittler ? (
          <div>
            <dt>{t('agentConfirmation.agent')}</dt>
            <dd>
              {t('agentConfirmation.agentValue', {
                name: result.vermittler.name,
                nummer: result.vermittler.vermittlerNummer,
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="confirmation-documents">
        <h2 id="confirmation-documents" className={styles.subheadline}>
          {t('agentConfirmation.documentsHeadline')}
        </h2>
        <p>{t('agentConfirmation.documentsIntro', { kunde })}</p>
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
      <InfoBox variant="info" headline={t('agentConfirmation.nextHeadline')}>
        {t(
          result.registrierung === 'LINK_GESENDET'
            ? 'agentConfirmation.nextLink'
            : 'agentConfirmation.nextAccount',
          { kunde, email: result.email },
        )}
      </InfoBox>
      <div className={styles.actions}>
        {result.kunde ? (
          <Link to={`/vermittler/kunde/${result.kunde.partnerNummer}/`} className={styles.link}>
            {t('agentConfirmation.toCustomer', { kunde })}
          </Link>
        ) : (
          <Link to="/vermittler/kundenbestand/" className={styles.link}>
            {t('agentConfirmation.toPortfolio')}
          </Link>
        )}
        <Button variant="tertiary" onPress={() => wizard.dispatch({ type: 'reset' })}>
          {t('agentConfirmation.again')}
        </Button>
      </div>
    </div>
  );
}
