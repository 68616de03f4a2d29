// /kunden/familienstand/?vertrag=<number>: the family status of a private liability contract decides
// who is insured with the policyholder (partner, children); the change applies from the first of the
// next month. The options and their names come with the contract.
import { useTranslation } from 'react-i18next';
import type { PhvFamilienstand } from '@schirm/domain/products/phv/catalogue';
import { ChangeFlow } from './change-flow';
import { ChoiceForm } from './choice-form';
import { SelfServicePage } from './self-service-page';

type Body = { familienstand: PhvFamilienstand };

export function FamilienstandPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="familienstand">
      {(contract) => {
        const options = contract.phv?.familienstand.options ?? [];
        const labelOf = (key: string) => options.find((o) => o.key === key)?.label ?? key;
        return (
          <ChangeFlow<Body>
            contract={contract}
            endpoint="beitrag/phv/familienstand"
            describe={(body) => t('familienstand.describe', { value: labelOf(body.familienstand) })}
            renderForm={(props) => (
              <ChoiceForm<Body>
                {...props}
                contract={contract}
                pendingType="familienstand"
                label={t('familienstand.field')}
                options={options.map((o) => ({ value: o.key, label: o.label }))}
                current={contract.phv?.familienstand.current}
                field="familienstand"
                requiredMessage={t('familienstand.required')}
                toBody={(value) => ({ familienstand: value as PhvFamilienstand })}
                fromBody={(body) => body.familienstand}
              />
            )}
          />
        );
      }}
    </SelfServicePage>
  );
}
