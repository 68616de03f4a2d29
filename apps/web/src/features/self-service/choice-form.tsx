// Step one of the changes that are one choice among a few options (deductible, elementary cover,
// office liability, private-liability count, family status, coverage variant): the options with the
// contract's current one marked, a note when a change of this kind is already pending, and the
// checks the browser can make before asking the server (nothing chosen, the current state chosen).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingChangeType } from '@schirm/domain/contract/contract-record';
import { Button } from '../../ui/button';
import { RadioGroup, type RadioOption } from '../../ui/forms/radio-group';
import type { ChangeBody, SelfServiceContract } from './api/self-service-api';
import type { ChangeFormProps } from './change-flow';
import { PendingNote } from './pending-note';
import styles from './self-service.module.css';

/** The option value of a yes/no change ('ja', 'nein'); undefined when the contract has no value. */
export function yesNoChoice(value: boolean | undefined): 'ja' | 'nein' | undefined {
  if (value === undefined) return undefined;
  return value ? 'ja' : 'nein';
}

export interface ChoiceFormProps<B extends ChangeBody> extends ChangeFormProps<B> {
  contract: SelfServiceContract;
  /** The pending change this choice would replace, for the note above the form. */
  pendingType: PendingChangeType;
  label: string;
  description?: string;
  options: readonly RadioOption[];
  /** The option the contract has now; marked, and refused as a change. */
  current?: string | undefined;
  /** Path of the body field in the server's field messages, e.g. 'selbstbeteiligung'. */
  field: string;
  requiredMessage: string;
  toBody: (value: string) => B;
  fromBody: (body: B) => string;
  /** What the choice means, shown above the options. */
  children?: ReactNode;
}

export function ChoiceForm<B extends ChangeBody>({
  contract,
  pendingType,
  label,
  description,
  options,
  current,
  field,
  requiredMessage,
  toBody,
  fromBody,
  children,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChoiceFormProps<B>) {
  const { t } = useTranslation('self-service');
  const [value, setValue] = useState<string | null>(initial === undefined ? null : fromBody(initial));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // The form starts from the contract as it will stand: the marked option is the planned one.
  const currentLabel = contract.geplanterStand ? t('choice.planned') : t('choice.current');
  const marked = options.map((option) =>
    option.value === current
      ? {
          ...option,
          description: option.description ? `${option.description} · ${currentLabel}` : currentLabel,
        }
      : option,
  );
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (value === null) {
          setProblem(requiredMessage);
          return;
        }
        if (value === current) {
          setProblem(t(contract.geplanterStand ? 'choice.sameAsPlanned' : 'choice.sameAsCurrent'));
          return;
        }
        submit(toBody(value));
      }}
    >
      <PendingNote contract={contract} type={pendingType} />
      {children}
      <RadioGroup
        label={label}
        {...(description === undefined ? {} : { description })}
        options={marked}
        value={value}
        onChange={(next) => {
          setValue(next);
          setProblem(undefined);
        }}
        isRequired
        errorMessage={problem ?? fieldErrors[field]}
      />
      <div>
        <Button type="submit" isPending={isPending}>
          {t('form.calculate')}
        </Button>
      </div>
    </form>
  );
}
