// The policy (Versicherungsschein) of a contract as PDF: the contract, its premium and its cover.
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { formatDate } from '@schirm/domain/format/date';
import type { StoredContract } from '../contracts/contract-mapping';
import type { Partner } from '../contracts/partners-repository';
import { contractSection, coverSection, premiumSection, recipientLines } from './contract-facts';
import { renderPdf } from './pdf';
import { DOCUMENT_TEXTS as T } from './texts';

/** Document name of a policy. */
export const POLICY_NAME = T.policy.name;

/** The policy of the contract, issued on the day it was concluded. */
export function renderPolicy({
  contract,
  view,
  partner,
}: {
  contract: StoredContract;
  view: ContractCustomerView;
  partner: Partner;
}): Promise<Buffer> {
  return renderPdf({
    title: T.policy.title(view.versicherungsName),
    recipient: recipientLines(partner),
    dateLine: T.dateLine(formatDate(contract.abschlussdatum)),
    intro: [T.salutation, T.policy.intro],
    sections: [contractSection(view, partner), premiumSection(contract, view), coverSection(view)],
    closing: T.policy.closing,
  });
}
