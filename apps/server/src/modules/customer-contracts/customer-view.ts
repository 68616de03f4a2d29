// The customer view (spec §3 'Contract (customer view)') of a stored contract: the domain's mapping,
// since stored contracts are domain records (ADR 0007).
export { toCustomerView as customerViewOf } from '@schirm/domain/contract/customer-view';
