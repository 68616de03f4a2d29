import type { FocusEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TAN_LENGTH } from '@schirm/domain/validation/tan';
import { useFlag } from '../../../lib/flags';
import { TextInput } from '../../../ui/forms/text-input';

export type TanFieldProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  errorMessage?: string;
  label?: string;
};

/**
 * The 6-digit SMS code (spec §5). With the flag 'mfa-code-autocomplete' the browser may offer
 * the code from the SMS (autocomplete="one-time-code"); without it nothing is suggested.
 */
export function TanField({ value, onChange, onBlur, ref, name, errorMessage, label }: TanFieldProps) {
  const { t } = useTranslation('auth');
  const isAutocompleteOn = useFlag('mfa-code-autocomplete');
  return (
    <TextInput
      ref={ref}
      name={name}
      label={label ?? t('fields.tan')}
      description={t('fields.tanHint')}
      value={value}
      onChange={(next) => onChange(next.replace(/\D/g, '').slice(0, TAN_LENGTH))}
      onBlur={onBlur}
      inputMode="numeric"
      autoComplete={isAutocompleteOn ? 'one-time-code' : 'off'}
      maxLength={TAN_LENGTH}
      isRequired
      errorMessage={errorMessage}
    />
  );
}
