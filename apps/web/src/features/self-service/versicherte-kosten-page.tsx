// /kunden/versicherte-kosten/?vertrag=<number>: the covers (Bausteine) of a household contents
// contract, from the first of the next month. The base cover is always included; elementary cover
// is offered only where the address allows it (or kept where the contract already has it).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HAUSRAT_ELEMENTARDECKUNG } from '@schirm/domain/contract/product-details';
import type { HausratDeckung } from '@schirm/domain/products/enums';
import { HAUSRAT_COVERS } from '@schirm/domain/products/hausrat/catalogue';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/forms/checkbox';
import {
  FieldDescription,
  FieldErrorText,
  NativeFieldLabel,
  describedBy,
  fieldClassName,
  useFieldIds,
} from '../../ui/forms/form-field';
import type { SelfServiceContract } from './api/self-service-api';
import { ChangeFlow, type ChangeFormProps } from './change-flow';
import { PendingNote } from './pending-note';
import { SelfServicePage } from './self-service-page';
import styles from './self-service.module.css';

type Body = { hausratDeckungen: HausratDeckung[] };

const sameCovers = (a: readonly HausratDeckung[], b: readonly HausratDeckung[]) =>
  a.length === b.length && a.every((cover) => b.includes(cover));

function CoversForm({
  contract,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChangeFormProps<Body> & { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const ids = useFieldIds();
  const current = contract.hausrat?.hausratDeckungen ?? [];
  const offered = HAUSRAT_COVERS.filter(
    (cover) =>
      cover.key !== HAUSRAT_ELEMENTARDECKUNG ||
      contract.hausrat?.elementarEinschliessbar === true ||
      current.includes(cover.key),
  );
  const [selected, setSelected] = useState<readonly HausratDeckung[]>(initial?.hausratDeckungen ?? current);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const error = problem ?? fieldErrors.hausratDeckungen;
  const chosen = offered.filter((cover) => cover.required || selected.includes(cover.key)).map((c) => c.key);
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (sameCovers(chosen, current)) {
          setProblem(t(contract.geplanterStand ? 'choice.sameAsPlanned' : 'choice.sameAsCurrent'));
          return;
        }
        submit({ hausratDeckungen: chosen });
      }}
    >
      <PendingNote contract={contract} type="deckung" />
      <div
        role="group"
        className={fieldClassName(undefined)}
        aria-labelledby={ids.labelId}
        aria-describedby={describedBy(ids.descriptionId, error !== undefined && ids.errorId)}
      >
        <NativeFieldLabel id={ids.labelId} isRequired>
          {t('versicherte-kosten.field')}
        </NativeFieldLabel>
        <FieldDescription id={ids.descriptionId}>{t('versicherte-kosten.fieldHint')}</FieldDescription>
        {offered.map((cover) => (
          <Checkbox
            key={cover.key}
            label={cover.label}
            description={
              cover.required
                ? t('versicherte-kosten.always', { covers: cover.description })
                : cover.description
            }
            value={cover.required || selected.includes(cover.key)}
            isDisabled={cover.required}
            isRequired={cover.required}
            onChange={(isSelected) => {
              setProblem(undefined);
              setSelected((before) =>
                isSelected ? [...before, cover.key] : before.filter((key) => key !== cover.key),
              );
            }}
          />
        ))}
        <FieldErrorText id={ids.errorId}>{error}</FieldErrorText>
      </div>
      <div>
        <Button type="submit" isPending={isPending}>
          {t('form.calculate')}
        </Button>
      </div>
    </form>
  );
}

export function VersicherteKostenPage() {
  const { t } = useTranslation('self-service');
  const labelOf = (key: HausratDeckung) => HAUSRAT_COVERS.find((cover) => cover.key === key)?.label ?? key;
  return (
    <SelfServicePage slug="versicherte-kosten">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="deckung"
          describe={(body) =>
            t('versicherte-kosten.describe', { value: body.hausratDeckungen.map(labelOf).join(', ') })
          }
          renderForm={(props) => <CoversForm contract={contract} {...props} />}
        />
      )}
    </SelfServicePage>
  );
}
