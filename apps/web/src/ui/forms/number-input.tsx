import { useState, type FocusEvent, type Ref } from 'react';
import { Input, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatGermanNumber, parseGermanNumber } from '@schirm/domain/format/number';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';

export interface NumberInputProps extends FieldBaseProps {
  /** The number, or undefined for an empty field (spec §5). */
  value?: number;
  defaultValue?: number;
  onChange?: (value: number | undefined) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  /** Most decimals a person can type; 0 for whole numbers. Defaults to 2. */
  maxDecimals?: number;
  placeholder?: string;
}

/** Keeps only what a German number can contain and at most `maxDecimals` decimals. */
export function filterGermanNumberText(raw: string, maxDecimals: number): string {
  const allowed = raw.replace(/[^\d.,-]/g, '');
  const sign = allowed.startsWith('-') ? '-' : '';
  const unsigned = allowed.replace(/-/g, '');
  const comma = unsigned.indexOf(',');
  if (comma === -1) return sign + unsigned;
  if (maxDecimals === 0) return sign + unsigned.slice(0, comma);
  const decimals = unsigned
    .slice(comma + 1)
    .replace(/[.,]/g, '')
    .slice(0, maxDecimals);
  return `${sign}${unsigned.slice(0, comma)},${decimals}`;
}

function toValue(text: string): number | undefined {
  const parsed = parseGermanNumber(text);
  return typeof parsed === 'number' ? parsed : undefined;
}

/**
 * Number field in German notation ('.' thousands, ',' decimals). Empty reports undefined; a
 * negative number is cleared when the field loses focus (spec §5).
 */
export function NumberInput(props: NumberInputProps) {
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
    maxDecimals = 2,
    placeholder,
  } = props;
  // react-hook-form passes `value` even while it is undefined, so presence of the key decides.
  const isControlled = 'value' in props;
  const format = (amount: number) => formatGermanNumber(amount, { maxDecimals });
  const initial = isControlled ? props.value : defaultValue;
  const [text, setText] = useState(initial === undefined ? '' : format(initial));
  const [shownValue, setShownValue] = useState(initial);
  const [isUnreadable, setIsUnreadable] = useState(false);
  const { t } = useTranslation('forms');

  // A new value from outside (form reset, loaded draft) replaces the text.
  if (isControlled && props.value !== shownValue) {
    setShownValue(props.value);
    setText(props.value === undefined ? '' : format(props.value));
    setIsUnreadable(false);
  }

  function handleChange(raw: string) {
    const filtered = filterGermanNumberText(raw, maxDecimals);
    setText(filtered);
    setIsUnreadable(false);
    const next = toValue(filtered);
    setShownValue(next);
    onChange?.(next);
  }

  function handleBlur(event: FocusEvent<Element>) {
    const parsed = parseGermanNumber(text);
    if (parsed === null) {
      setIsUnreadable(true);
    } else if (parsed !== undefined && parsed < 0) {
      setText('');
      setShownValue(undefined);
      onChange?.(undefined);
    } else if (parsed !== undefined) {
      setText(format(parsed));
    }
    onBlur?.(event);
  }

  const error = fieldErrorText(
    { errorMessage: errorMessage ?? (isUnreadable ? t('errors.number') : undefined), isInvalid },
    t('errors.textDefault'),
  );
  return (
    <TextField
      className={fieldClassName(className)}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      name={name}
      inputMode={maxDecimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
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
