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
import { usePremiumText } from './variant-step';
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
  const { t } = useTranslation('application');
  const premiumText = usePremiumText();
  useDocumentTitle(t('confirmation.title', { product: app.name }));
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
      <h1 className={styles.headline}>{t('confirmation.headline')}</h1>
      <dl className={styles.summary}>
        <div>
          <dt>{t('confirmation.number')}</dt>
          <dd>{result.versicherungsNummer}</dd>
        </div>
        <div>
          <dt>{t('confirmation.product')}</dt>
          <dd>
            {t('confirmation.productValue', { product: result.produktName, variant: result.varianteName })}
          </dd>
        </div>
        <div>
          <dt>{t('confirmation.start')}</dt>
          <dd>{formatDate(result.vertragsBeginn)}</dd>
        </div>
        {result.evbNummer ? (
          <div>
            <dt>{t('confirmation.evb')}</dt>
            <dd>{result.evbNummer}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('confirmation.premium')}</dt>
          <dd>
            {t('confirmation.premiumDetail', {
              brutto: premiumText(result.beitrag.bruttoCents, result.zahlweise),
              netto: formatCents(result.beitrag.nettoCents),
              steuer: formatCents(result.beitrag.versicherungsteuerCents),
            })}
          </dd>
        </div>
      </dl>
      {result.dokumente.length > 0 ? (
        <section aria-labelledby="confirmation-documents">
          <h2 id="confirmation-documents" className={styles.subheadline}>
            {t('confirmation.documentsHeadline')}
          </h2>
          <ul className={styles.documentList}>
            {result.dokumente.map((document) => (
              <li key={document.url}>
                <a href={document.url} download target="_blank" rel="noopener noreferrer">
                  {t('offer.document', { name: document.name })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <InfoBox variant="info" headline={t('confirmation.nextHeadline')}>
        {t(result.registrierung === 'LINK_GESENDET' ? 'confirmation.nextLink' : 'confirmation.nextAccount', {
          email: result.email,
        })}
      </InfoBox>
      <div className={styles.actions}>
        <Link to="/kunden/login/" className={styles.link}>
          {t('confirmation.toPortal')}
        </Link>
        <Button variant="tertiary" onPress={() => wizard.dispatch({ type: 'reset' })}>
          {t('confirmation.again')}
        </Button>
      </div>
    </div>
  );
}

/** The agent's confirmation: the customer's contract, its documents and the way to the customer. */
function AgentConfirmation({ app, result, wizard }: ConfirmationProps) {
  const { t } = useTranslation('advice');
  const { t: tApplication } = useTranslation('application');
  const premiumText = usePremiumText();
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
                {tApplication('offer.document', { name: document.name })}
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
