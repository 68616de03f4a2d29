import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import { useFlag } from '../../lib/flags';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import type { CancellationOptions } from './api/get-cancellation-options';
import { useCancellationOptions } from './api/get-cancellation-options';
import { useTerminationContract, type TerminationContract } from './api/get-contract';
import { CancellationFlow } from './cancellation-flow';
import { ContractLinks } from './contract-links';
import { PageHeadline } from './page-headline';
import { RevocationFlow } from './revocation-flow';
import styles from './termination.module.css';

type View = 'overview' | 'revocation' | 'cancellation';

function ContractSummary({ contract }: { contract: TerminationContract }) {
  const { t } = useTranslation('termination');
  return (
    <section className={styles.card} aria-labelledby="vertrag-headline">
      <h2 id="vertrag-headline" className={styles.cardHeadline}>
        {contract.versicherungsName}
      </h2>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('contract.number')}</dt>
          <dd>{contract.versicherungsNummer}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('contract.status')}</dt>
          <dd>{t(`status.${contract.vertragsstatus}`)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('contract.start')}</dt>
          <dd>{formatDate(contract.vertragsBeginn)}</dd>
        </div>
        {contract.beendigungsdatum ? (
          <div className={styles.fact}>
            <dt>{t('contract.end')}</dt>
            <dd>{formatDate(contract.beendigungsdatum)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Choice({ id, headline, children }: { id: string; headline: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={`${id}-headline`}>
      <h2 id={`${id}-headline`} className={styles.cardHeadline}>
        {headline}
      </h2>
      {children}
    </section>
  );
}

function Overview({
  contract,
  options,
  onChoose,
}: {
  contract: TerminationContract;
  options: CancellationOptions;
  onChoose: (view: View) => void;
}) {
  const { t } = useTranslation('termination');
  const isCancellationOn = useFlag('self-service-cancellation');
  const canCancel = isCancellationOn && options.kuendbar !== 'NEIN';
  const earliest = options.fruehestesDatum ? formatDate(options.fruehestesDatum) : '';
  return (
    <>
      <PageHeadline takeFocus={false}>{t('headline')}</PageHeadline>
      <ContractSummary contract={contract} />
      {!canCancel && !options.widerrufbar ? <InfoBox headline={t('neither')} /> : null}
      <div className={styles.choices}>
        <Choice id="widerruf" headline={t('revocation.headline')}>
          {options.widerrufbar && options.widerrufBis ? (
            <>
              <p>{t('revocation.text', { date: formatDate(options.widerrufBis) })}</p>
              <div>
                <Button onPress={() => onChoose('revocation')}>{t('revocation.start')}</Button>
              </div>
            </>
          ) : (
            <p>{options.widerrufHinweis}</p>
          )}
        </Choice>
        <Choice id="kuendigung" headline={t('cancellation.headline')}>
          {!isCancellationOn ? (
            <p>{t('cancellation.disabled')}</p>
          ) : canCancel ? (
            <>
              <p>
                {t(options.kuendbar === 'TAEGLICH' ? 'cancellation.textDaily' : 'cancellation.textTermEnd', {
                  date: earliest,
                })}
              </p>
              <div>
                <Button variant="secondary" onPress={() => onChoose('cancellation')}>
                  {t('cancellation.start')}
                </Button>
              </div>
            </>
          ) : (
            <p>{options.kuendigungHinweis}</p>
          )}
        </Choice>
      </div>
      <ContractLinks versicherungsNummer={contract.versicherungsNummer} />
    </>
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof RequestError && (error.errorStatus === 404 || error.errorStatus === 400);
}

function TerminationOfContract({ versicherungsNummer }: { versicherungsNummer: string }) {
  const { t } = useTranslation('termination');
  const contract = useTerminationContract(versicherungsNummer);
  const options = useCancellationOptions(versicherungsNummer);
  const [view, setView] = useState<View>('overview');

  if (contract.isPending || options.isPending) {
    return (
      <>
        <PageHeadline takeFocus={false}>{t('headline')}</PageHeadline>
        <Loading label={t('loading')} />
      </>
    );
  }
  if (contract.isError || options.isError) {
    return (
      <>
        <PageHeadline takeFocus={false}>{t('headline')}</PageHeadline>
        {isNotFound(contract.error ?? options.error) ? (
          <EmptyState
            title={t('notFound')}
            action={<Link to="/kunden/vertraege/">{t('toContracts')}</Link>}
          />
        ) : (
          <EmptyState preset="error" />
        )}
      </>
    );
  }
  const back = () => setView('overview');
  switch (view) {
    case 'revocation':
      return <RevocationFlow contract={contract.data} onCancel={back} />;
    case 'cancellation':
      return <CancellationFlow contract={contract.data} options={options.data} onCancel={back} />;
    case 'overview':
      return <Overview contract={contract.data} options={options.data} onChoose={setView} />;
  }
}

/** /kunden/kuendigen-widerrufen/?vertrag=<nr>: cancel or revoke a contract, with an immediate receipt. */
export function TerminationPage() {
  const { t } = useTranslation('termination');
  useDocumentTitle(t('title', { brand: useBrandName() }));
  const [params] = useSearchParams();
  const versicherungsNummer = params.get('vertrag') ?? '';
  return (
    <div className={styles.page}>
      {/^\d{9,10}$/.test(versicherungsNummer) ? (
        <TerminationOfContract key={versicherungsNummer} versicherungsNummer={versicherungsNummer} />
      ) : (
        <>
          <PageHeadline takeFocus={false}>{t('headline')}</PageHeadline>
          <EmptyState
            title={t('noContract')}
            description={t('noContractText')}
            action={<Link to="/kunden/vertraege/">{t('toContracts')}</Link>}
          />
        </>
      )}
    </div>
  );
}
