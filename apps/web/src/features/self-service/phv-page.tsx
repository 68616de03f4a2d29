// /kunden/phv/?vertrag=<number>: for how many persons (none to three) a financial-loss liability
// contract (VH) includes private liability, from the first of the next month.
import { useTranslation } from 'react-i18next';
import { PHV_ANZAHL, type PhvAnzahl } from '@schirm/domain/products/enums';
import { ChangeFlow } from './change-flow';
import { ChoiceForm } from './choice-form';
import { SelfServicePage } from './self-service-page';

type Body = { phvAnzahl: PhvAnzahl };

export function PhvPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="phv">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="beitrag/phv"
          describe={(body) => t('phv.describe', { value: t(`phv.anzahl.${body.phvAnzahl}`) })}
          renderForm={(props) => (
            <ChoiceForm<Body>
              {...props}
              contract={contract}
              pendingType="phvAnzahl"
              label={t('phv.field')}
              options={PHV_ANZAHL.map((anzahl) => ({ value: anzahl, label: t(`phv.anzahl.${anzahl}`) }))}
              current={contract.phvAnzahl}
              field="phvAnzahl"
              requiredMessage={t('phv.required')}
              toBody={(value) => ({ phvAnzahl: value as PhvAnzahl })}
              fromBody={(body) => body.phvAnzahl}
            />
          )}
        />
      )}
    </SelfServicePage>
  );
}
