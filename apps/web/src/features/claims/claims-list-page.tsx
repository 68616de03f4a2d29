// /kunden/schaeden/ (issue 14 part 3, spec §2, flag 'claims page'): the customer's claims with
// number, product, contract, day of loss and state, and badges for open documents and unread
// messages; the empty state 'no claims' says why the list is empty and how to report a claim.
import { Link } from 'react-router';
import { CLAIM_PRODUCT_INFO } from '@schirm/domain/claims/products';
import { CLAIM_STATE_LABELS } from '@schirm/domain/claims/status';
import { formatDate } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import { buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import type { CustomerContracts } from './claim-contract';
import { useClaims, useOwnPartnerNummer, type ClaimListItem } from './claims-api';
import styles from './claims.module.css';

export const CLAIMS_EMPTY = {
  title: 'Sie haben noch keinen Schaden gemeldet',
  description:
    'Hier erscheinen die Schäden, die Sie zu Ihren Verträgen melden, mit ihrem Stand. Ist Ihnen ein Schaden entstanden, melden Sie ihn online: Wählen Sie dazu den Vertrag und dann „Schaden melden“.',
} as const;

function Badges({ claim }: { claim: ClaimListItem }) {
  if (claim.offeneDokumente === 0 && claim.ungeleseneNachrichten === 0) return null;
  return (
    <p className={styles.badges}>
      {claim.offeneDokumente > 0 ? (
        <span className={styles.badge} data-kind="dokumente">
          {claim.offeneDokumente === 1 ? '1 Unterlage fehlt' : `${claim.offeneDokumente} Unterlagen fehlen`}
        </span>
      ) : null}
      {claim.ungeleseneNachrichten > 0 ? (
        <span className={styles.badge} data-kind="nachrichten">
          {claim.ungeleseneNachrichten === 1
            ? '1 ungelesene Nachricht'
            : `${claim.ungeleseneNachrichten} ungelesene Nachrichten`}
        </span>
      ) : null}
    </p>
  );
}

function ClaimCard({ claim }: { claim: ClaimListItem }) {
  const headingId = `schaden-${claim.claimId}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardHeadline}>
        <Link to={`/kunden/schaeden/${claim.claimId}/`}>{`Schaden ${claim.schadennummer}`}</Link>
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Produkt</dt>
          <dd>{claim.produktName ?? CLAIM_PRODUCT_INFO[claim.produkt]?.name ?? claim.produkt}</dd>
        </div>
        <div>
          <dt>Vertrag</dt>
          <dd>{claim.vertragsnummer}</dd>
        </div>
        <div>
          <dt>Schadentag</dt>
          <dd>{formatDate(claim.schadentag)}</dd>
        </div>
        <div>
          <dt>Stand</dt>
          <dd>
            <span className={styles.state} data-state={claim.status}>
              {CLAIM_STATE_LABELS[claim.status]}
            </span>
          </dd>
        </div>
      </dl>
      <Badges claim={claim} />
    </li>
  );
}

export function ClaimsListPage({ contracts }: { contracts: CustomerContracts }) {
  useDocumentTitle('Ihre Schäden');
  const partner = useOwnPartnerNummer();
  const claims = useClaims(partner.isSuccess ? partner.data : undefined);
  const hasContracts = contracts.data.length > 0;

  return (
    <div className={styles.page}>
      <div className={styles.headlineRow}>
        <h1 className={styles.headline}>Ihre Schäden</h1>
        {hasContracts ? (
          <Link to="/kunden/schaden-melden/" className={buttonClassName({ variant: 'primary' })}>
            Schaden melden
          </Link>
        ) : null}
      </div>
      {partner.isPending || claims.isPending ? <Loading label="Ihre Schäden werden geladen …" /> : null}
      {partner.isError || claims.isError ? <EmptyState preset="error" /> : null}
      {partner.isSuccess && partner.data === null ? (
        <InfoBox variant="warning" headline="Keine Verträge">
          Ihrem Zugang ist noch kein Vertrag zugeordnet. Deshalb können Sie hier keine Schäden sehen.
        </InfoBox>
      ) : null}
      {claims.isSuccess && claims.data.length === 0 && partner.data !== null ? (
        <EmptyState
          headingLevel={2}
          title={CLAIMS_EMPTY.title}
          description={CLAIMS_EMPTY.description}
          action={
            hasContracts ? (
              <Link to="/kunden/schaden-melden/" className={buttonClassName({ variant: 'secondary' })}>
                Jetzt einen Schaden melden
              </Link>
            ) : undefined
          }
        />
      ) : null}
      {claims.isSuccess && claims.data.length > 0 ? (
        <ul className={styles.list}>
          {claims.data.map((claim) => (
            <ClaimCard key={claim.claimId} claim={claim} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
