// /kunden/elementar/?vertrag=<number>: elementary cover in or out of a household contents contract,
// from the first of the next month. Offered only where the flood class (ZÜRS) of the address allows it.
import { useTranslation } from 'react-i18next';
import { ChangeFlow } from './change-flow';
import { ChoiceForm, yesNoChoice } from './choice-form';
import { SelfServicePage } from './self-service-page';

type Body = { elementar: boolean };

export function ElementarPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="elementar">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="beitrag/elementar"
          describe={(body) => (body.elementar ? t('elementar.describeIn') : t('elementar.describeOut'))}
          renderForm={(props) => (
            <ChoiceForm<Body>
              {...props}
              contract={contract}
              pendingType="elementar"
              label={t('elementar.field')}
              options={[
                { value: 'ja', label: t('elementar.in') },
                { value: 'nein', label: t('elementar.out') },
              ]}
              current={yesNoChoice(contract.elementar)}
              field="elementar"
              requiredMessage={t('elementar.required')}
              toBody={(value) => ({ elementar: value === 'ja' })}
              fromBody={(body) => (body.elementar ? 'ja' : 'nein')}
            >
              <section aria-labelledby="elementar-explanation">
                <h3 id="elementar-explanation">{t('elementar.explanationTitle')}</h3>
                <p>{t('elementar.explanation')}</p>
              </section>
            </ChoiceForm>
          )}
        />
      )}
    </SelfServicePage>
  );
}
