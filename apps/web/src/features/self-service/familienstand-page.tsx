// /kunden/familienstand/?vertrag=<number>: the family status of a private liability contract decides
// who is insured with the policyholder (partner, children); the change applies from the first of the
// next month. The options and their names come with the contract. A status that no longer
// includes the co-insured partner or children drops them: the calculation names them (the
// server's list), before the change is confirmed and again once it is saved.
import { useTranslation } from 'react-i18next';
import type { PhvFamilienstand } from '@schirm/domain/products/phv/catalogue';
import { InfoBox } from '../../ui/info-box';
import type { ChangePreview } from './api/self-service-api';
import { ChangeFlow } from './change-flow';
import { ChoiceForm } from './choice-form';
import { SelfServicePage } from './self-service-page';

type Body = { familienstand: PhvFamilienstand };

/** The co-insured persons the change drops; nothing when it drops nobody. */
function DroppedCoInsured({ answer }: { answer: ChangePreview }) {
  const { t } = useTranslation('self-service');
  const dropped = answer.nichtMehrMitversichert ?? [];
  if (dropped.length === 0) return null;
  const names = dropped
    .map((person) =>
      t('familienstand.droppedPerson', {
        vorname: person.vorname,
        name: person.name,
        role: t(`familienstand.role.${person.art}`),
      }),
    )
    .join(', ');
  return (
    <InfoBox variant="warning" headline={t('familienstand.droppedTitle')}>
      <p>{t('familienstand.dropped', { names })}</p>
    </InfoBox>
  );
}

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
            renderDetails={(answer) => <DroppedCoInsured answer={answer} />}
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
