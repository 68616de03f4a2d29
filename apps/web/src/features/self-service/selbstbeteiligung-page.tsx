// /kunden/selbstbeteiligung/?vertrag=<number>: another of the deductibles the product offers, from
// the next main due date; a higher deductible lowers the premium.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SELBSTBETEILIGUNG_EURO } from '@schirm/domain/contract/amounts';
import { formatMoney } from '@schirm/domain/format/money';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import type { Selbstbeteiligung } from '@schirm/domain/products/enums';
import { ChangeFlow } from './change-flow';
import { ChoiceForm } from './choice-form';
import { SelfServicePage } from './self-service-page';

type Body = { selbstbeteiligung: Selbstbeteiligung };

/** '500,00 EUR', or 'ohne Selbstbeteiligung'. */
function selbstbeteiligungLabel(t: TFunction<'self-service'>, option: Selbstbeteiligung): string {
  return option === 'SB_KEINE' ? t('selbstbeteiligung.none') : formatMoney(SELBSTBETEILIGUNG_EURO[option]);
}

export function SelbstbeteiligungPage() {
  const { t } = useTranslation('self-service');
  const labelOf = (option: Selbstbeteiligung) => selbstbeteiligungLabel(t, option);
  return (
    <SelfServicePage slug="selbstbeteiligung">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="beitrag/selbstbeteiligung"
          describe={(body) => t('selbstbeteiligung.describe', { value: labelOf(body.selbstbeteiligung) })}
          renderForm={(props) => (
            <ChoiceForm<Body>
              {...props}
              contract={contract}
              pendingType="selbstbeteiligung"
              label={t('selbstbeteiligung.field')}
              options={catalogueEntryForSummaryProdukt(contract.produktIdentifier).selbstbeteiligungen.map(
                (option) => ({ value: option, label: labelOf(option) }),
              )}
              current={contract.neueSelbstbeteiligung}
              field="selbstbeteiligung"
              requiredMessage={t('selbstbeteiligung.required')}
              toBody={(value) => ({ selbstbeteiligung: value as Selbstbeteiligung })}
              fromBody={(body) => body.selbstbeteiligung}
            />
          )}
        />
      )}
    </SelfServicePage>
  );
}
