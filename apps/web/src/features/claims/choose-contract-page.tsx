// /kunden/schaden-melden/ (the navigation's 'Schaden melden'): the customer's contracts of the eight
// claim products, each leading to its report (`/kunden/schaden-melden/<produkt>/<index>/`, the index
// in the contract list as the contracts page shows it).
import { Link } from 'react-router';
import { CLAIM_PRODUCT_INFO } from '@schirm/domain/claims/products';
import { useDocumentTitle } from '../../lib/document-title';
import { EmptyState } from '../../ui/empty-state';
import { Loading } from '../../ui/loading';
import { claimProductOfContract, claimReportRoute, type CustomerContracts } from './claim-contract';
import styles from './claims.module.css';

export function ChooseContractPage({ contracts }: { contracts: CustomerContracts }) {
  useDocumentTitle('Schaden melden');
  const choices = contracts.data.flatMap((contract, index) => {
    const produkt = claimProductOfContract(contract);
    return produkt ? [{ contract, index, produkt }] : [];
  });
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>Schaden melden</h1>
      <p>Zu welchem Vertrag möchten Sie einen Schaden melden?</p>
      {contracts.status === 'pending' ? <Loading label="Ihre Verträge werden geladen …" /> : null}
      {contracts.status === 'error' ? <EmptyState preset="error" /> : null}
      {contracts.status === 'success' && choices.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title="Kein Vertrag für eine Schadenmeldung"
          description="Zu Ihren Verträgen können Sie hier keinen Schaden melden. Bitte schreiben Sie uns über „Kontakt“."
        />
      ) : null}
      {choices.length > 0 ? (
        <ul className={styles.list}>
          {choices.map(({ contract, index, produkt }) => (
            <li key={contract.versicherungsNummer} className={styles.card}>
              <h2 className={styles.cardHeadline}>
                <Link to={`${claimReportRoute(produkt, index)}/`}>
                  {`${contract.versicherungsName}: Schaden melden`}
                </Link>
              </h2>
              <p className={styles.cardText}>
                {`${CLAIM_PRODUCT_INFO[produkt].name}, Vertrag ${contract.versicherungsNummer}`}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
