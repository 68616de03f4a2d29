import { useId, useState, type FocusEvent, type Ref } from 'react';
import { TextArea as AriaTextArea, TextField } from 'react-aria-components';
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
import textareaStyles from './textarea.module.css';

export interface TextareaProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLTextAreaElement>;
  /** Defaults to asking for a description of at least 20 words. */
  placeholder?: string;
  rows?: number;
  /** Shows a character counter below the field. */
  showCounter?: boolean;
  /** Minimum characters the counter asks for. */
  minLength?: number;
  /** Hard limit of characters, also shown by the counter. */
  maxLength?: number;
}

function useCounterText(count: number, minLength: number | undefined, maxLength: number | undefined): string {
  const { t } = useTranslation('forms');
  if (minLength !== undefined && maxLength !== undefined) {
    return t('textarea.counterMinMax', { count, min: minLength, max: maxLength });
  }
  if (minLength !== undefined) return t('textarea.counterMin', { count, min: minLength });
  if (maxLength !== undefined) return t('textarea.counterMax', { count, max: maxLength });
  return t('textarea.counter', { count });
}

/**
 * Multi-line text field; invalid without its own message it says 'Bitte machen Sie ihre Angaben'.
 * The optional counter is a polite live region, so screen readers hear it without being interrupted.
 */
export function Textarea({
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
  placeholder,
  rows = 5,
  showCounter = false,
  minLength,
  maxLength,
}: TextareaProps) {
  const { t } = useTranslation('forms');
  const counterId = useId();
  const [uncontrolledText, setUncontrolledText] = useState(defaultValue ?? '');
  const text = value ?? uncontrolledText;
  const counterText = useCounterText(text.length, minLength, maxLength);
  const isBelowMinimum = minLength !== undefined && text.length > 0 && text.length < minLength;
  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textareaDefault'));

  function handleChange(next: string) {
    setUncontrolledText(next);
    onChange?.(next);
  }

  return (
    <TextField
      className={fieldClassName(className)}
      value={value}
      defaultValue={defaultValue}
      onChange={handleChange}
      onBlur={onBlur}
      name={name}
      aria-describedby={showCounter ? counterId : undefined}
      maxLength={maxLength}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <AriaTextArea
        ref={ref}
        rows={rows}
        className={`${styles.control} ${textareaStyles.textarea}`}
        placeholder={placeholder ?? t('textarea.placeholder')}
      />
      <FieldDescription>{description}</FieldDescription>
      {showCounter ? (
        <div
          className={isBelowMinimum ? `${styles.status} ${textareaStyles.below}` : styles.status}
          id={counterId}
          aria-live="polite"
          aria-atomic="true"
        >
          {counterText}
        </div>
      ) : null}
      <FieldErrorText>{error}</FieldErrorText>
    </TextField>
  );
}
