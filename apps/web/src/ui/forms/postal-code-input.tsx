import { useEffect, useEffectEvent, useState, type FocusEvent, type Ref } from 'react';
import { Input, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  POSTAL_CODE_LENGTH,
  POSTAL_CODE_MESSAGE,
  postalCodeFormatResult,
} from '@schirm/domain/validation/postal-code';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';

/** Asks the server whether a five-digit postal code exists; must stop when the signal aborts. */
export type CheckPostalCode = (code: string, signal: AbortSignal) => Promise<boolean>;

export type PostalCodeResult =
  { valid: true } | { valid: false; reason: 'format' | 'unknown' | 'check-failed' };

export type PostalCodeValidity = 'valid' | 'invalid' | 'pending';

// Server answers per code, shared by every postal-code field of the page (spec §5: cached per code).
// Only real answers are kept: a cancelled or failed lookup is asked again next time.
const serverAnswers = new Map<string, boolean>();

function isCancellation(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  if (!(error instanceof Error) && !(error instanceof DOMException)) return false;
  return error.name === 'AbortError' || error.message === 'RequestCancelled';
}

/**
 * The postal-code rule of spec §5: empty is valid, anything but five digits is invalid, five
 * digits are checked by the server (answer cached per code); a cancelled lookup counts as valid,
 * a failed one as invalid.
 */
export async function validatePostalCode(
  value: string,
  checkPostalCode: CheckPostalCode,
  signal: AbortSignal,
): Promise<PostalCodeResult> {
  const format = postalCodeFormatResult(value);
  if (format === 'empty') return { valid: true };
  if (format === 'invalid') return { valid: false, reason: 'format' };
  const code = value.trim();
  const cached = serverAnswers.get(code);
  if (cached !== undefined) return cached ? { valid: true } : { valid: false, reason: 'unknown' };
  try {
    const exists = await checkPostalCode(code, signal);
    serverAnswers.set(code, exists);
    return exists ? { valid: true } : { valid: false, reason: 'unknown' };
  } catch (error) {
    return isCancellation(error, signal) ? { valid: true } : { valid: false, reason: 'check-failed' };
  }
}

export interface PostalCodeInputProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  checkPostalCode: CheckPostalCode;
  /** Told whenever the entry becomes valid, invalid or is being checked, so a form can wait. */
  onValidityChange?: (validity: PostalCodeValidity) => void;
}

type Check = { code: string; result: PostalCodeResult };

/**
 * German postal code: the server check starts as soon as five digits are typed; a wrong format is
 * reported when the field is left.
 */
export function PostalCodeInput(props: PostalCodeInputProps) {
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
    checkPostalCode,
    onValidityChange,
  } = props;
  const { t } = useTranslation('forms');
  const [uncontrolledText, setUncontrolledText] = useState(defaultValue ?? '');
  const text = 'value' in props ? (props.value ?? '') : uncontrolledText;
  const [check, setCheck] = useState<Check | null>(null);
  const [isLeft, setIsLeft] = useState(false);

  const format = postalCodeFormatResult(text);
  const code = text.trim();
  const currentCheck = check?.code === code ? check.result : undefined;
  const isChecking = format === 'check' && currentCheck === undefined;
  const result: PostalCodeResult | undefined =
    format === 'empty'
      ? { valid: true }
      : format === 'invalid'
        ? { valid: false, reason: 'format' }
        : currentCheck;
  const validity: PostalCodeValidity = result === undefined ? 'pending' : result.valid ? 'valid' : 'invalid';

  const runCheck = useEffectEvent((signal: AbortSignal) => validatePostalCode(code, checkPostalCode, signal));
  const reportValidity = useEffectEvent((next: PostalCodeValidity) => onValidityChange?.(next));

  useEffect(() => {
    if (!isChecking) return;
    const controller = new AbortController();
    void runCheck(controller.signal).then((answer) => {
      if (!controller.signal.aborted) setCheck({ code, result: answer });
    });
    return () => controller.abort();
  }, [isChecking, code]);

  useEffect(() => {
    reportValidity(validity);
  }, [validity]);

  function handleChange(next: string) {
    setUncontrolledText(next);
    setIsLeft(false);
    onChange?.(next);
  }

  function handleBlur(event: FocusEvent<Element>) {
    setIsLeft(true);
    onBlur?.(event);
  }

  const ruleMessage =
    result === undefined || result.valid
      ? undefined
      : result.reason === 'format'
        ? isLeft
          ? POSTAL_CODE_MESSAGE
          : undefined
        : result.reason === 'unknown'
          ? t('errors.postalCodeUnknown')
          : t('errors.postalCodeCheckFailed');
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
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={POSTAL_CODE_LENGTH}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Input ref={ref} className={`${styles.control} ${styles.short}`} />
      <FieldDescription>{description}</FieldDescription>
      <div role="status" className={styles.status}>
        {isChecking ? t('postalCode.checking') : ''}
      </div>
      <FieldErrorText>{error}</FieldErrorText>
    </TextField>
  );
}
