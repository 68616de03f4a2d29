// Which contract a claim report URL names (spec §2: `/kunden/schaden-melden/<produkt>/:contractIndex`):
// the contract at that index (0-based) of the customer's contract list, in the order the contracts
// page shows it, and whether it is one of the URL's product.
import { data, type LoaderFunctionArgs } from 'react-router';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import { claimProductOf, isClaimProduct, type ClaimProduct } from '@schirm/domain/claims/products';

/** The claim product of a contract, or undefined (motor claims are not reported here). */
export function claimProductOfContract(contract: ContractCustomerView): ClaimProduct | undefined {
  return claimProductOf(productKeyOf(contract.produktIdentifier));
}

/** The report route of a contract at its index of the list, e.g. '/kunden/schaden-melden/fahrrad/3'. */
export function claimReportRoute(produkt: ClaimProduct, contractIndex: number): string {
  return `/kunden/schaden-melden/${produkt}/${contractIndex}`;
}

/** The report route of the contract with this number, or undefined when it is no claim product's. */
export function claimReportRouteOf(
  contracts: readonly ContractCustomerView[],
  versicherungsNummer: string,
): string | undefined {
  const index = contracts.findIndex((contract) => contract.versicherungsNummer === versicherungsNummer);
  const contract = contracts[index];
  const produkt = contract ? claimProductOfContract(contract) : undefined;
  return produkt ? `${claimReportRoute(produkt, index)}/` : undefined;
}

/** The customer's contracts as the claim pages receive them (apps/web/src/app/claims-pages.tsx). */
export interface CustomerContracts {
  status: 'pending' | 'error' | 'success';
  /** The list in the order of the contracts page; empty while loading or after a failure. */
  data: readonly ContractCustomerView[];
}

export type ContractChoice =
  | { kind: 'found'; contract: ContractCustomerView; index: number }
  | { kind: 'no-contract' }
  | { kind: 'other-product'; contract: ContractCustomerView; produkt: ClaimProduct | undefined };

/** The contract an index names: none at that index, one of another product, or the one to report on. */
export function chooseContract(
  contracts: readonly ContractCustomerView[],
  produkt: ClaimProduct,
  contractIndex: string | undefined,
): ContractChoice {
  if (contractIndex === undefined || !/^\d{1,4}$/.test(contractIndex)) return { kind: 'no-contract' };
  const index = Number(contractIndex);
  const contract = contracts[index];
  if (!contract) return { kind: 'no-contract' };
  const own = claimProductOfContract(contract);
  if (own !== produkt) return { kind: 'other-product', contract, produkt: own };
  return { kind: 'found', contract, index };
}

/** The route's loader: a product that is none of the eight is the area's 404 page. */
export function claimReportLoader({ params }: LoaderFunctionArgs) {
  if (!isClaimProduct(params.produkt)) throw data(null, { status: 404 });
  return null;
}
