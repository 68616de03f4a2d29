import type { FocusEvent, ReactNode, Ref } from 'react';
import { CheckboxButton, CheckboxField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../icons';
import {
  FieldDescription,
  FieldErrorText,
  OptionalSuffix,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<FieldBaseProps, 'label'> {
  /** Visible label beside the box; may contain links (e.g. to terms). */
  label: ReactNode;
  /** Whether the box is ticked (controlled); named like every field's value for react-hook-form. */
  value?: boolean;
  defaultValue?: boolean;
  onChange?: (isSelected: boolean) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A single checkbox with its label, help text and error (consent, confirmation). */
export function Checkbox({
  label,
  description,
  errorMessage,
  isInvalid,
  isRequired,
  isDisabled,
  name,
  className,
  value,
  defaultValue,
  onChange,
  onBlur,
  ref,
}: CheckboxProps) {
  const { t } = useTranslation('forms');
  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textDefault'));
  return (
    <CheckboxField
      className={fieldClassName(className)}
      isSelected={value}
      defaultSelected={defaultValue}
      onChange={onChange}
      onBlur={onBlur}
      inputRef={ref}
      name={name}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <CheckboxButton className={styles.checkbox}>
        {({ isSelected: isChecked }) => (
          <>
            <span className={styles.box} aria-hidden="true">
              {isChecked ? <CheckIcon size={18} /> : null}
            </span>
            <span className={styles.label}>
              {label}
              <OptionalSuffix isRequired={isRequired} />
            </span>
          </>
        )}
      </CheckboxButton>
      <div className={styles.texts}>
        <FieldDescription>{description}</FieldDescription>
        <FieldErrorText>{error}</FieldErrorText>
      </div>
    </CheckboxField>
  );
}
