import type { FocusEvent, Ref } from 'react';
import { Radio, RadioGroup as AriaRadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './radio-group.module.css';

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
  isDisabled?: boolean;
}

export interface RadioGroupProps extends FieldBaseProps {
  options: readonly RadioOption[];
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLDivElement>;
}

const MAX_INLINE_OPTIONS = 4;
const MAX_INLINE_LABEL_LENGTH = 30;

/** Spec §5: one option per row when there are more than 4 options or any label is over 30 characters. */
export function radioGroupOrientation(
  options: readonly Pick<RadioOption, 'label'>[],
): 'vertical' | 'horizontal' {
  const isLong =
    options.length > MAX_INLINE_OPTIONS ||
    options.some((option) => option.label.length > MAX_INLINE_LABEL_LENGTH);
  return isLong ? 'vertical' : 'horizontal';
}

/** Radio buttons in a labelled group; arrow keys move between options. */
export function RadioGroup({
  label,
  description,
  errorMessage,
  isInvalid,
  isRequired,
  isDisabled,
  name,
  className,
  options,
  value,
  defaultValue,
  onChange,
  onBlur,
  ref,
}: RadioGroupProps) {
  const { t } = useTranslation('forms');
  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textDefault'));
  const orientation = radioGroupOrientation(options);
  return (
    <AriaRadioGroup
      ref={ref}
      className={fieldClassName(className)}
      orientation={orientation}
      value={value}
      defaultValue={defaultValue}
      onChange={onChange}
      onBlur={onBlur}
      name={name}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired} elementType="span">
        {label}
      </FieldLabel>
      <div className={orientation === 'vertical' ? styles.stacked : styles.inline}>
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            isDisabled={option.isDisabled}
            className={styles.radio}
          >
            <span className={styles.circle} aria-hidden="true" />
            <span className={styles.texts}>
              <span>{option.label}</span>
              {option.description ? (
                <span className={styles.optionDescription}>{option.description}</span>
              ) : null}
            </span>
          </Radio>
        ))}
      </div>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{error}</FieldErrorText>
    </AriaRadioGroup>
  );
}
