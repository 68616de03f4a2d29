// /kunden/deckung/?vertrag=<number>: another coverage variant of the product (e.g. Basis, Komfort,
// Premium) with its insured sum, or for a bike the covers the package brings, from the first of the
// next month. Only the variants the contract's product generation offers: the tariff the server
// prices with refuses the others.
import { useTranslation } from 'react-i18next';
import { formatCents } from '@schirm/domain/format/money';
import { deckungsVariantenFor, type CatalogueDeckungsVariante } from '@schirm/domain/products/catalogue';
import { FAHRRAD_COVERS, fahrradDeckungsVariante } from '@schirm/domain/products/fahrrad/catalogue';
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
        const describeVariant = (v: CatalogueDeckungsVariante) => {
          if (v.versicherungssumme !== undefined) {
            return t('deckung.sum', { amount: formatCents(v.versicherungssumme, { compact: true }) });
          }
          const paket = fahrradDeckungsVariante(contract.produktIdentifier, v.deckungsVarianteIdentifier);
          if (paket === undefined) return undefined;
          const labels = paket.deckungen.map(
            (key) => FAHRRAD_COVERS.find((cover) => cover.key === key)?.label ?? key,
          );
          return t('deckung.covers', { value: labels.join(', ') });
        };
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
                options={variants.map((v) => {
                  const description = describeVariant(v);
                  return {
                    value: v.deckungsVarianteIdentifier,
                    label: v.deckungsVarianteName,
                    ...(description === undefined ? {} : { description }),
                  };
                })}
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
