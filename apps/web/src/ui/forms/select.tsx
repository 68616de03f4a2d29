import type { FocusEvent, Ref } from 'react';
import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from './field-icons';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';
import listStyles from './list-box.module.css';

export interface SelectOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps extends FieldBaseProps {
  options: readonly SelectOption[];
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string | null) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLButtonElement>;
  /** Shown while nothing is chosen; defaults to 'Bitte wählen'. */
  placeholder?: string;
}

function keyToValue(key: Key | null): string | null {
  return key === null ? null : String(key);
}

/** A list box to choose one of a few fixed options (react-aria Select: keyboard, typeahead). */
export function Select({
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
  placeholder,
}: SelectProps) {
  const { t } = useTranslation('forms');
  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textDefault'));
  const disabledKeys = options.filter((option) => option.isDisabled).map((option) => option.value);
  return (
    <AriaSelect
      className={fieldClassName(className)}
      value={value}
      defaultValue={defaultValue}
      onChange={(key) => onChange?.(keyToValue(key))}
      onBlur={onBlur}
      name={name}
      placeholder={placeholder ?? t('select.placeholder')}
      disabledKeys={disabledKeys}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Button
        ref={ref}
        className={[
          styles.control,
          listStyles.trigger,
          error === undefined ? '' : styles.controlInvalid,
        ].join(' ')}
      >
        <SelectValue className={listStyles.value} />
        <ChevronDownIcon />
      </Button>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{error}</FieldErrorText>
      <Popover className={listStyles.popover}>
        <ListBox className={listStyles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.value} textValue={option.label} className={listStyles.option}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
