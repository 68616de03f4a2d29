// The frame of every self-service page (spec §2, /kunden/<slug>/?vertrag=<number>): it finds the
// contract, says why a change is not possible where it is not, and hands the contract to the page's
// change flow. The headline and the document title name the change and the contract.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SelfServiceSlug } from '@schirm/domain/flags';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { useDocumentTitle } from '../../lib/document-title';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { PlannedChangeList } from './planned-change-list';
import { useSelfServiceContract, type SelfServiceContract } from './api/self-service-api';
import { useScopeText, useSelfServiceScope } from './self-service-scope';
import styles from './self-service.module.css';

export interface SelfServicePageProps {
  slug: SelfServiceSlug;
  /** The change flow of the page, given the contract once it is loaded and offers the change. */
  children: (contract: SelfServiceContract) => ReactNode;
}

/** Fields a form takes from today's contract, not from the planned one. */
const TODAY_FIELDS = [
  'vertragsstatus',
  'antragsdatum',
  'vertragsBeginn',
  'wirksamkeitsdatum',
  'hauptfaelligkeit',
  'ablaufdatum',
  'beendigungsdatum',
  'versicherungsPraemie',
  'jahresVersicherungsPraemie',
  'mahnung',
  'kuendbar',
  'widerrufbar',
  'dokumente',
] as const satisfies readonly (keyof SelfServiceContract)[];

/**
 * The contract as the page's form starts from it: as it will stand once every pending change
 * applied (issue 12: a form that showed today's state let a save silently undo a pending change).
 * Number, self-services and the pending list stay the contract's own.
 */
export function plannedContract(contract: SelfServiceContract): SelfServiceContract {
  if (!contract.geplanterStand) return contract;
  // Dates, status and premium stay today's: the limits of date fields (e.g. a move not before the
  // current state began) and the premium shown as 'now' are the contract's own.
  const today: Partial<SelfServiceContract> = {};
  for (const key of TODAY_FIELDS) {
    if (contract[key] !== undefined) Object.assign(today, { [key]: contract[key] });
  }
  return {
    ...contract.geplanterStand,
    ...today,
    versicherungsNummer: contract.versicherungsNummer,
    selbstServices: contract.selbstServices,
    vorgemerkteAenderungen: contract.vorgemerkteAenderungen,
    geplanterStand: contract.geplanterStand,
    heute: contract,
  };
}

/** Says that the form starts from the contract with its pending changes, and names them. */
function PlannedNote({ contract }: { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const as = useScopeText();
  if (!contract.geplanterStand || contract.vorgemerkteAenderungen.length === 0) return null;
  return (
    <InfoBox variant="info" headline={t('page.plannedTitle', as)}>
      <p>{t('page.plannedText', as)}</p>
      <PlannedChangeList changes={contract.vorgemerkteAenderungen} />
      <p>{t('page.plannedHint', as)}</p>
    </InfoBox>
  );
}

function ContractSummary({ contract }: { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const planned = contract.geplanterStand;
  const plannedDiffers =
    planned !== undefined &&
    (planned.versicherungsPraemie !== contract.versicherungsPraemie ||
      planned.zahlweise !== contract.zahlweise);
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('page.contract')}</dt>
        <dd>
          {contract.versicherungsName}, {t('page.number', { number: contract.versicherungsNummer })}
        </dd>
      </div>
      <div>
        <dt>{t('page.currentPremium')}</dt>
        <dd>
          {formatMoney(contract.versicherungsPraemie)} {t(`zahlweise.${contract.zahlweise}`)}
        </dd>
      </div>
      {plannedDiffers ? (
        <div>
          <dt>{t('page.plannedPremium')}</dt>
          <dd>
            {formatMoney(planned.versicherungsPraemie)} {t(`zahlweise.${planned.zahlweise}`)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Why nothing can change any more, when the contract ends or has ended (issue 12 item 3). */
function EndingNote({ contract }: { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const as = useScopeText();
  if (contract.vertragsstatus === 'AUSLAUFEND' && contract.beendigungsdatum) {
    return <p>{t('page.notOfferedEnding', { ...as, date: formatDate(contract.beendigungsdatum) })}</p>;
  }
  if (contract.vertragsstatus !== 'LAUFEND' && contract.vertragsstatus !== 'AUSLAUFEND') {
    return <p>{t('page.notOfferedEnded', as)}</p>;
  }
  return null;
}

export function SelfServicePage({ slug, children }: SelfServicePageProps) {
  const { t } = useTranslation('self-service');
  const as = useScopeText();
  const scope = useSelfServiceScope();
  const [search] = useSearchParams();
  const versicherungsNummer = scope.versicherungsNummer ?? search.get('vertrag') ?? '';
  useDocumentTitle(t(`${slug}.title`, { brand: useBrandName() }));
  const contract = useSelfServiceContract(versicherungsNummer);
  const notFound =
    contract.error instanceof RequestError &&
    (contract.error.errorStatus === 404 || contract.error.errorStatus === 400);

  let body: ReactNode;
  if (versicherungsNummer === '') {
    body = (
      <EmptyState
        title={t('page.noContractTitle')}
        description={t('page.noContractText', as)}
        action={<Link to={scope.contractsPath}>{t('page.toContracts', as)}</Link>}
      />
    );
  } else if (contract.isPending) {
    body = <Loading label={t('page.loading', as)} />;
  } else if (notFound) {
    body = (
      <EmptyState
        title={t('page.notFoundTitle')}
        description={t('page.notFoundText', { ...as, number: versicherungsNummer })}
        action={<Link to={scope.contractsPath}>{t('page.toContracts', as)}</Link>}
      />
    );
  } else if (contract.isError) {
    body = <EmptyState preset="error" />;
  } else if (!contract.data.selbstServices.includes(slug)) {
    body = (
      <>
        <ContractSummary contract={contract.data} />
        <InfoBox variant="warning" headline={t('page.notOfferedTitle')}>
          <EndingNote contract={contract.data} />
          <p>{t('page.notOfferedText', as)}</p>
        </InfoBox>
      </>
    );
  } else {
    body = (
      <>
        <ContractSummary contract={contract.data} />
        <PlannedNote contract={contract.data} />
        {children(plannedContract(contract.data))}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t(`${slug}.headline`)}</h1>
      <p>{t(`${slug}.intro`, as)}</p>
      {body}
      {versicherungsNummer === '' ? null : (
        <p>
          <Link to={scope.contractPath(versicherungsNummer)}>{t('page.backToContract', as)}</Link>
        </p>
      )}
    </div>
  );
}
