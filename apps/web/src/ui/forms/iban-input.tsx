import { useId, useImperativeHandle, useRef, useState, type FocusEvent, type Ref } from 'react';
import { Input, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatIbanGroups, normalizeIban, validateIban } from '@schirm/domain/validation/iban';
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

export interface BankInfo {
  bic: string;
  bankName: string;
}

export interface IbanInputProps extends FieldBaseProps {
  /** The IBAN without spaces, upper case. */
  value?: string;
  defaultValue?: string;
  onChange?: (iban: string) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  /** Accept only German IBANs (default false). */
  germanOnly?: boolean;
  /** Finds the bank of a valid IBAN; its name (and BIC) is shown below the field. */
  lookupBank?: (iban: string) => Promise<BankInfo | null>;
  /** Receives the bank found for the current IBAN, or null. */
  onBankChange?: (bank: BankInfo | null) => void;
}

const IBAN_MAX_LENGTH = 34;
const isIbanCharacter = (character: string) => /[A-Za-z0-9]/.test(character);

/** IBAN text as shown while typing: letters and digits only, upper case, in blocks of four. */
export function maskIbanInput(raw: string): string {
  return formatIbanGroups(
    normalizeIban(raw)
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, IBAN_MAX_LENGTH),
  );
}

type BankState = { status: 'idle' } | { status: 'looking-up' } | { status: 'found'; bank: BankInfo };

/**
 * IBAN field: shows blocks of four while typing without moving the caret, checks the IBAN with
 * the domain rule when the field is left and then, if given, looks up and shows the bank.
 */
export function IbanInput(props: IbanInputProps) {
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
    germanOnly = false,
    lookupBank,
    onBankChange,
  } = props;
  const { t } = useTranslation('forms');
  const bankId = useId();
  const [uncontrolledIban, setUncontrolledIban] = useState(normalizeIban(defaultValue ?? ''));
  const iban = 'value' in props ? normalizeIban(props.value ?? '') : uncontrolledIban;
  const [text, setText] = useState(maskIbanInput(iban));
  const [ruleMessage, setRuleMessage] = useState<string | undefined>(undefined);
  const [bank, setBank] = useState<BankState>({ status: 'idle' });
  const lookupCount = useRef(0);
  const { inputRef, reformat } = useMaskedText(maskIbanInput, isIbanCharacter);
  useImperativeHandle<HTMLInputElement | null, HTMLInputElement | null>(ref, () => inputRef.current, [
    inputRef,
  ]);

  // A new value from outside (form reset, loaded draft) replaces the text.
  if (normalizeIban(text) !== iban) setText(maskIbanInput(iban));

  function handleChange(raw: string) {
    const masked = reformat(raw);
    const next = normalizeIban(masked);
    setText(masked);
    setUncontrolledIban(next);
    setRuleMessage(undefined);
    if (bank.status !== 'idle') {
      lookupCount.current++;
      setBank({ status: 'idle' });
      onBankChange?.(null);
    }
    onChange?.(next);
  }

  async function findBank(validIban: string) {
    if (!lookupBank) return;
    const lookup = ++lookupCount.current;
    setBank({ status: 'looking-up' });
    // Without a bank name the IBAN is still valid; the name is only a help for the person.
    const found = await lookupBank(validIban).catch(() => null);
    if (lookup !== lookupCount.current) return;
    setBank(found ? { status: 'found', bank: found } : { status: 'idle' });
    onBankChange?.(found);
  }

  function handleBlur(event: FocusEvent<Element>) {
    onBlur?.(event);
    if (iban === '') return;
    const result = validateIban(iban, { germanOnly });
    if (!result.valid) {
      setRuleMessage(result.message);
      return;
    }
    setRuleMessage(undefined);
    if (bank.status === 'idle') void findBank(result.iban);
  }

  const error = fieldErrorText(
    { errorMessage: errorMessage ?? ruleMessage, isInvalid },
    t('errors.textDefault'),
  );
  const bankText =
    bank.status === 'looking-up'
      ? t('iban.lookingUp')
      : bank.status === 'found'
        ? bank.bank.bic
          ? t('iban.bankWithBic', { bankName: bank.bank.bankName, bic: bank.bank.bic })
          : t('iban.bank', { bankName: bank.bank.bankName })
        : '';
  return (
    <TextField
      className={fieldClassName(className)}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      name={name}
      autoComplete="off"
      aria-describedby={bankText ? bankId : undefined}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Input ref={inputRef} className={styles.control} spellCheck={false} autoCapitalize="characters" />
      <FieldDescription>{description ?? t('iban.hint')}</FieldDescription>
      <div id={bankId} role="status" className={styles.status}>
        {bankText}
      </div>
      <FieldErrorText>{error}</FieldErrorText>
    </TextField>
  );
}
