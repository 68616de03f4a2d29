// /kunden/bhv/?vertrag=<number>: office liability (Bürohaftpflicht) in or out of a financial-loss
// liability contract (VH), from the first of the next month.
import { useTranslation } from 'react-i18next';
import { ChangeFlow } from './change-flow';
import { ChoiceForm, yesNoChoice } from './choice-form';
import { SelfServicePage } from './self-service-page';

type Body = { buerohaftpflicht: boolean };

export function BhvPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="bhv">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="beitrag/buerohaftpflicht"
          describe={(body) => (body.buerohaftpflicht ? t('bhv.describeIn') : t('bhv.describeOut'))}
          renderForm={(props) => (
            <ChoiceForm<Body>
              {...props}
              contract={contract}
              pendingType="buerohaftpflicht"
              label={t('bhv.field')}
              options={[
                { value: 'ja', label: t('bhv.in') },
                { value: 'nein', label: t('bhv.out') },
              ]}
              current={yesNoChoice(contract.buerohaftpflicht)}
              field="buerohaftpflicht"
              requiredMessage={t('bhv.required')}
              toBody={(value) => ({ buerohaftpflicht: value === 'ja' })}
              fromBody={(body) => (body.buerohaftpflicht ? 'ja' : 'nein')}
            />
          )}
        />
      )}
    </SelfServicePage>
  );
}
