// /kunden/rahmennummer/?vertrag=<number>: the frame number of the insured bike (spec §2). It has no
// effect on the premium and applies at once; the page names the bike it belongs to.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rahmennummerSchema } from '@schirm/domain/products/fahrrad/tariff';
import { Button } from '../../ui/button';
import { TextInput } from '../../ui/forms/text-input';
import type { SelfServiceContract } from './api/self-service-api';
import { ChangeFlow, type ChangeFormProps } from './change-flow';
import { SelfServicePage } from './self-service-page';
import styles from './self-service.module.css';

type Body = { rahmennummer: string };

function BikeSummary({ contract }: { contract: SelfServiceContract }) {
  const { t } = useTranslation(['self-service', 'contracts']);
  const { fahrrad } = contract;
  if (!fahrrad) return null;
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('rahmennummer.bike')}</dt>
        <dd>
          {t('rahmennummer.bikeValue', {
            hersteller: fahrrad.hersteller,
            typ: t(`contracts:details.fahrradTypValue.${fahrrad.typ}`),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('rahmennummer.current')}</dt>
        <dd>{fahrrad.rahmennummer ?? t('rahmennummer.none')}</dd>
      </div>
    </dl>
  );
}

function RahmennummerForm({
  contract,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChangeFormProps<Body> & { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const [value, setValue] = useState(initial?.rahmennummer ?? '');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const entered = value.trim();
        if (entered === '') return setProblem(t('rahmennummer.required'));
        const checked = rahmennummerSchema.safeParse(entered);
        if (!checked.success) return setProblem(checked.error.issues[0]?.message);
        if (checked.data === contract.fahrrad?.rahmennummer) return setProblem(t('rahmennummer.same'));
        submit({ rahmennummer: checked.data });
      }}
    >
      <BikeSummary contract={contract} />
      <TextInput
        label={t('rahmennummer.field')}
        description={t('rahmennummer.description')}
        value={value}
        onChange={(next) => {
          setValue(next);
          setProblem(undefined);
        }}
        autoComplete="off"
        maxLength={30}
        isRequired
        errorMessage={problem ?? fieldErrors.rahmennummer}
      />
      <div>
        <Button type="submit" isPending={isPending}>
          {t('rahmennummer.submit')}
        </Button>
      </div>
    </form>
  );
}

export function RahmennummerPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="rahmennummer">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="fahrrad"
          describe={(body) => t('rahmennummer.describe', { value: body.rahmennummer })}
          renderForm={(props) => <RahmennummerForm contract={contract} {...props} />}
        />
      )}
    </SelfServicePage>
  );
}
