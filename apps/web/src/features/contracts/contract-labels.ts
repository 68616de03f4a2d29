import { formatMoney } from '@schirm/domain/format/money';
import type { TFunction } from 'i18next';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';

/** '12,34 EUR monatlich': the premium per payment period with the period. */
export function premiumPerPeriod(t: TFunction<'contracts'>, contract: ContractCustomerView): string {
  return `${formatMoney(contract.versicherungsPraemie)} ${t(`zahlweise.${contract.zahlweise}`)}`;
}
