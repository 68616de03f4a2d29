// /kunden/zahlungsweise/?vertrag=<number>: a new payment period from the next main due date, with
// the premium of that period (instalment surcharge and insurance tax included).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import type { PricingZahlweise } from '@schirm/domain/products/enums';
import { Button } from '../../ui/button';
import { RadioGroup } from '../../ui/forms/radio-group';
import type { SelfServiceContract } from './api/self-service-api';
import { ChangeFlow, type ChangeFormProps } from './change-flow';
import { SelfServicePage } from './self-service-page';
import styles from './self-service.module.css';

type Body = { zahlweise: PricingZahlweise };

function ZahlweiseForm({
  contract,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChangeFormProps<Body> & { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const offered = catalogueEntryForSummaryProdukt(contract.produktIdentifier).zahlweisen.filter(
    (z): z is PricingZahlweise => z !== 'EINMALIG' && z !== contract.zahlweise,
  );
  const [value, setValue] = useState<string | null>(initial?.zahlweise ?? null);
  const [missing, setMissing] = useState(false);
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (value === null) {
          setMissing(true);
          return;
        }
        submit({ zahlweise: value as PricingZahlweise });
      }}
    >
      <RadioGroup
        label={t('zahlungsweise.field')}
        description={
          contract.heute && contract.heute.zahlweise !== contract.zahlweise
            ? t('zahlungsweise.planned', {
                today: t(`zahlweise.${contract.heute.zahlweise}`),
                planned: t(`zahlweise.${contract.zahlweise}`),
              })
            : t('zahlungsweise.current', { current: t(`zahlweise.${contract.zahlweise}`) })
        }
        options={offered.map((z) => ({ value: z, label: t(`zahlweiseName.${z}`) }))}
        value={value}
        onChange={(next) => {
          setValue(next);
          setMissing(false);
        }}
        isRequired
        errorMessage={missing ? t('zahlungsweise.required') : fieldErrors.zahlweise}
      />
      <div>
        <Button type="submit" isPending={isPending}>
          {t('form.calculate')}
        </Button>
      </div>
    </form>
  );
}

export function ZahlungsweisePage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="zahlungsweise">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="beitrag/zahlweise"
          describe={(body) => t('zahlungsweise.describe', { value: t(`zahlweiseName.${body.zahlweise}`) })}
          renderForm={(props) => <ZahlweiseForm contract={contract} {...props} />}
        />
      )}
    </SelfServicePage>
  );
}
