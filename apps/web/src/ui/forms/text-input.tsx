import type { FocusEvent, Ref } from 'react';
import { Input, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';

export interface TextInputProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  type?: 'text' | 'email' | 'url' | 'search';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'url' | 'search' | 'numeric';
  maxLength?: number;
}

/** Single-line text field; invalid without its own message it says 'Leider ist ein Fehler aufgetreten'. */
export function TextInput({
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
  type = 'text',
  placeholder,
  autoComplete,
  inputMode,
  maxLength,
}: TextInputProps) {
  const { t } = useTranslation('forms');
  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textDefault'));
  return (
    <TextField
      className={fieldClassName(className)}
      value={value}
      defaultValue={defaultValue}
      onChange={onChange}
      onBlur={onBlur}
      name={name}
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Input ref={ref} className={styles.control} placeholder={placeholder} />
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{error}</FieldErrorText>
    </TextField>
  );
}
