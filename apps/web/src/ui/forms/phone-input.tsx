import { useState, type FocusEvent, type Ref } from 'react';
import { Input, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { validatePhone } from '@schirm/domain/validation/phone';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';

export interface PhoneInputProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  /** The typed text while typing; the normalised number (+49…) once a valid entry is left. */
  onChange?: (value: string) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  /** Require a mobile number (default true). */
  mobileRequired?: boolean;
  /** Require a German number (default false). */
  germanOnly?: boolean;
}

/**
 * Phone number in international format with '+' (spec §5). When the field is left, the number is
 * checked by the domain rule and either normalised (+4915112345678) or the rule's message shown.
 * An empty field is left to the form's required check.
 */
export function PhoneInput(props: PhoneInputProps) {
  const {
    label,
    description,
    errorMessage,
    isInvalid,
    isRequired,
    isDisabled,
    name,
    className,
    defaultValue,
    onChange,
    onBlur,
    ref,
    mobileRequired = true,
    germanOnly = false,
  } = props;
  const { t } = useTranslation('forms');
  const [uncontrolledText, setUncontrolledText] = useState(defaultValue ?? '');
  const [ruleMessage, setRuleMessage] = useState<string | undefined>(undefined);
  const text = 'value' in props ? (props.value ?? '') : uncontrolledText;

  function handleChange(next: string) {
    setUncontrolledText(next);
    setRuleMessage(undefined);
    onChange?.(next);
  }

  function handleBlur(event: FocusEvent<Element>) {
    if (text.trim() !== '') {
      const result = validatePhone(text, { mobileRequired, germanOnly });
      if (result.valid) {
        setRuleMessage(undefined);
        if (result.normalized !== text) handleChange(result.normalized);
      } else {
        setRuleMessage(result.message);
      }
    }
    onBlur?.(event);
  }

  const error = fieldErrorText(
    { errorMessage: errorMessage ?? ruleMessage, isInvalid },
    t('errors.textDefault'),
  );
  return (
    <TextField
      className={fieldClassName(className)}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      name={name}
      type="tel"
      autoComplete="tel"
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Input ref={ref} className={styles.control} />
      <FieldDescription>{description ?? t('phone.hint')}</FieldDescription>
      <FieldErrorText>{error}</FieldErrorText>
    </TextField>
  );
}
