// /kunden/deckung/?vertrag=<number>: another coverage variant of the product (e.g. Basis, Komfort,
// Premium) with its insured sum, from the first of the next month. Only the variants the contract's
// product generation offers: the tariff the server prices with refuses the others.
import { useTranslation } from 'react-i18next';
import { formatCents } from '@schirm/domain/format/money';
import { deckungsVariantenFor } from '@schirm/domain/products/catalogue';
import { ChangeFlow } from './change-flow';
import { ChoiceForm } from './choice-form';
import { SelfServicePage } from './self-service-page';

type Body = { deckungsVariante: string };

export function DeckungPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="deckung">
      {(contract) => {
        const variants = deckungsVariantenFor(contract.produktIdentifier);
        const nameOf = (id: string) =>
          variants.find((v) => v.deckungsVarianteIdentifier === id)?.deckungsVarianteName ?? id;
        return (
          <ChangeFlow<Body>
            contract={contract}
            endpoint="deckung"
            describe={(body) => t('deckung.describe', { value: nameOf(body.deckungsVariante) })}
            renderForm={(props) => (
              <ChoiceForm<Body>
                {...props}
                contract={contract}
                pendingType="deckung"
                label={t('deckung.field')}
                options={variants.map((v) => ({
                  value: v.deckungsVarianteIdentifier,
                  label: v.deckungsVarianteName,
                  ...(v.versicherungssumme === undefined
                    ? {}
                    : {
                        description: t('deckung.sum', {
                          amount: formatCents(v.versicherungssumme, { compact: true }),
                        }),
                      }),
                }))}
                current={contract.deckungsIdentifier}
                field="deckungsVariante"
                requiredMessage={t('deckung.required')}
                toBody={(value) => ({ deckungsVariante: value })}
                fromBody={(body) => body.deckungsVariante}
              />
            )}
          />
        );
      }}
    </SelfServicePage>
  );
}
