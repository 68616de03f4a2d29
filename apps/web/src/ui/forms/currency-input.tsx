import { useId, useImperativeHandle, useState, type FocusEvent, type Ref } from 'react';
import { Group, Input, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatMoneyInput, maskMoneyInput, parseMoneyInput } from '@schirm/domain/format/money';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import { useMaskedText } from './masked-text';
import styles from './form-field.module.css';
import currencyStyles from './currency-input.module.css';

export interface CurrencyInputProps extends FieldBaseProps {
  /** Amount in integer cents, or undefined for an empty field. */
  value?: number;
  defaultValue?: number;
  onChange?: (cents: number | undefined) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  placeholder?: string;
}

const isMoneyCharacter = (character: string) => /[\d,-]/.test(character);

function toCents(text: string): number | undefined {
  const parsed = parseMoneyInput(text);
  return typeof parsed === 'number' ? parsed : undefined;
}

/**
 * Money field in euros with the mask of spec §5: signed, '.' thousands (inserted while typing),
 * at most two decimals, shown with ',00' after leaving the field and ' EUR' beside it.
 */
export function CurrencyInput(props: CurrencyInputProps) {
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
    placeholder,
  } = props;
  const { t } = useTranslation('forms');
  const suffixId = useId();
  const isControlled = 'value' in props;
  const initial = isControlled ? props.value : defaultValue;
  const [text, setText] = useState(initial === undefined ? '' : formatMoneyInput(initial));
  const [shownValue, setShownValue] = useState(initial);
  const { inputRef, reformat } = useMaskedText(maskMoneyInput, isMoneyCharacter);
  useImperativeHandle<HTMLInputElement | null, HTMLInputElement | null>(ref, () => inputRef.current, [
    inputRef,
  ]);

  // A new value from outside (form reset, loaded draft) replaces the text.
  if (isControlled && props.value !== shownValue) {
    setShownValue(props.value);
    setText(props.value === undefined ? '' : formatMoneyInput(props.value));
  }

  function handleChange(raw: string) {
    const masked = reformat(raw);
    setText(masked);
    const cents = toCents(masked);
    setShownValue(cents);
    onChange?.(cents);
  }

  function handleBlur(event: FocusEvent<Element>) {
    const cents = toCents(text);
    setText(cents === undefined ? '' : formatMoneyInput(cents));
    onBlur?.(event);
  }

  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textDefault'));
  return (
    <TextField
      className={fieldClassName(className)}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      aria-describedby={suffixId}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Group className={styles.group}>
        <Input
          ref={inputRef}
          className={`${styles.control} ${currencyStyles.amount}`}
          placeholder={placeholder}
        />
        <span className={styles.suffix} id={suffixId}>
          {t('currency.suffix')}
        </span>
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{error}</FieldErrorText>
    </TextField>
  );
}
