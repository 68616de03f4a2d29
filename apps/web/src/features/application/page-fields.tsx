// Renders a page from its field list (fields.ts, ADR 0021): each field kind with the design
// system's input, labelled '(optional)' where the page says so, with the German error of the page
// schema under it (role alert, from FieldErrorText). The page keeps its answers in the wizard;
// this component only reports changes of the page's key-value answers.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '@schirm/domain/application/fields';
import { isFieldVisible } from '@schirm/domain/application/fields';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/forms/checkbox';
import { CurrencyInput } from '../../ui/forms/currency-input';
import { DateInput } from '../../ui/forms/date-input';
import { FieldErrorText } from '../../ui/forms/form-field';
import { IbanInput } from '../../ui/forms/iban-input';
import { NumberInput } from '../../ui/forms/number-input';
import { PhoneInput } from '../../ui/forms/phone-input';
import { PostalCodeInput } from '../../ui/forms/postal-code-input';
import { RadioGroup } from '../../ui/forms/radio-group';
import { SearchableSelect } from '../../ui/forms/searchable-select';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { checkPostalCode, finderLabel, lookupBank, searchFinder } from './application-api';
import styles from './application.module.css';

type PageValues = Readonly<Record<string, unknown>>;
/**
 * A change of the page's answers, applied to the answers as they are when it arrives: a bank name
 * looked up after the person moved on must not undo what was entered meanwhile.
 */
export type PageChange = (current: PageValues) => Record<string, unknown>;
/** German errors per field path within the page ('kaufpreisCents', 'hunde.0.name'). */
export type PageFieldErrors = Readonly<Record<string, string>>;

export interface PageFieldsProps {
  fields: readonly Field[];
  values: PageValues;
  onChange: (change: PageChange) => void;
  errors: PageFieldErrors;
  /** Prefix of the error paths (a list item's 'hunde.0.'). */
  errorPrefix?: string;
  /** Renders the fields the page draws itself (variants, documents). */
  renderSpecial?: (field: Field) => React.ReactNode;
}

/** Text fields allowing more characters than this are shown as a text area. */
export const LONG_TEXT_CHARS = 200;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

// An unticked box or an empty entry leaves no answer (empty values are not answers, spec §3).
function withValue(values: PageValues, key: string, value: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...values };
  if (value === undefined || value === '' || value === false || value === null) delete next[key];
  else next[key] = value;
  return next;
}

/** The fields of one page (or one list item), in order, those whose condition holds. */
export function PageFields({
  fields,
  values,
  onChange,
  errors,
  errorPrefix = '',
  renderSpecial,
}: PageFieldsProps) {
  return (
    <>
      {fields
        .filter((field) => isFieldVisible(field, values))
        .map((field) => (
          // The field's path marks its control, for the focus the first screen hands over.
          <div key={field.key} data-field-key={`${errorPrefix}${field.key}`} className={styles.fieldOwner}>
            <PageField
              field={field}
              values={values}
              onChange={onChange}
              errors={errors}
              errorPrefix={errorPrefix}
              renderSpecial={renderSpecial}
            />
          </div>
        ))}
    </>
  );
}

function PageField({
  field,
  values,
  onChange,
  errors,
  errorPrefix,
  renderSpecial,
}: Omit<PageFieldsProps, 'fields'> & { field: Field; errorPrefix: string }) {
  if (field.kind === 'notice') {
    return (
      <InfoBox variant="info" {...(field.title ? { headline: field.title } : {})}>
        <p className={styles.noticeText}>{field.text}</p>
      </InfoBox>
    );
  }
  if (field.kind === 'documents' || field.kind === 'variants') return <>{renderSpecial?.(field)}</>;

  const value = values[field.key];
  const set = (next: unknown) => onChange((current) => withValue(current, field.key, next));
  const errorMessage = errors[`${errorPrefix}${field.key}`];
  const common = {
    label: field.label,
    isRequired: !field.optional,
    name: `${errorPrefix}${field.key}`,
    ...(field.hint ? { description: field.hint } : {}),
    ...(errorMessage ? { errorMessage } : {}),
  };

  switch (field.kind) {
    case 'text':
    case 'email':
    case 'hausnummer':
      // Free text longer than a line (a claim's description) is written in a text area.
      if (field.kind === 'text' && (field.maxLength ?? 0) > LONG_TEXT_CHARS) {
        return (
          <Textarea
            {...common}
            value={text(value)}
            onChange={set}
            maxLength={field.maxLength}
            showCounter
            placeholder=""
          />
        );
      }
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' ? 'email' : 'text'}
          value={text(value)}
          onChange={set}
          {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
          {...(field.maxLength ? { maxLength: field.maxLength } : {})}
        />
      );
    case 'tel':
      return <PhoneInput {...common} mobileRequired={false} value={text(value)} onChange={set} />;
    case 'iban':
      return (
        <IbanInput
          {...common}
          value={text(value)}
          onChange={set}
          lookupBank={lookupBank}
          // The bank name is irrelevant data (sepa step): kept for the screen, never sent as an answer.
          onBankChange={(bank) => onChange((current) => withValue(current, 'bankName', bank?.bankName))}
        />
      );
    case 'plz':
      return (
        <PostalCodeInput {...common} value={text(value)} onChange={set} checkPostalCode={checkPostalCode} />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          value={text(value) || undefined}
          onChange={(next: CalendarDate | undefined) => set(next)}
          {...(field.min ? { min: field.min } : {})}
          {...(field.max ? { max: field.max } : {})}
        />
      );
    case 'money':
      return <CurrencyInput {...common} value={number(value)} onChange={set} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          {...(field.unit ? { label: `${field.label} (${field.unit})` } : {})}
          value={number(value)}
          onChange={set}
          maxDecimals={0}
        />
      );
    case 'radio':
      return <RadioGroup {...common} options={field.options} value={text(value) || null} onChange={set} />;
    case 'select':
      return (
        <Select
          {...common}
          options={field.options}
          value={text(value) || null}
          onChange={(next) => set(next ?? undefined)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox {...common} value={value === true} onChange={(checked) => set(checked || undefined)} />
      );
    case 'checkboxes':
      return <CheckboxList field={field} value={value} onChange={set} errorMessage={errorMessage} />;
    case 'finder': {
      const label =
        (field.searchKey ? text(values[field.searchKey]) : '') || finderLabel(text(value)) || text(value);
      return (
        <SearchableSelect
          {...common}
          value={text(value) ? { value: text(value), label } : null}
          loadOptions={(pattern, signal) => searchFinder(field.finder, pattern, signal, field.produkt)}
          onChange={(option) =>
            onChange((current) => {
              const next = withValue(current, field.key, option?.value);
              return field.searchKey ? withValue(next, field.searchKey, option?.label) : next;
            })
          }
        />
      );
    }
    case 'list':
      return (
        <ListField
          field={field}
          value={value}
          onChange={(change) =>
            onChange((current) =>
              withValue(current, field.key, change(itemsOf(current[field.key], field.min))),
            )
          }
          errors={errors}
          errorPrefix={`${errorPrefix}${field.key}.`}
          errorMessage={errorMessage}
        />
      );
  }
}

function CheckboxList({
  field,
  value,
  onChange,
  errorMessage,
}: {
  field: Extract<Field, { kind: 'checkboxes' }>;
  value: unknown;
  onChange: (next: unknown) => void;
  errorMessage: string | undefined;
}) {
  const { t } = useTranslation('forms');
  const errorId = useId();
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <fieldset className={styles.fieldset} aria-describedby={errorMessage ? errorId : undefined}>
      <legend className={styles.legend}>
        {field.label}
        {field.optional ? (
          <span className={styles.optional}>{` ${t('optional', { ns: 'forms' })}`}</span>
        ) : null}
      </legend>
      {field.hint ? <p className={styles.hint}>{field.hint}</p> : null}
      {field.options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          isRequired
          {...(option.hint ? { description: option.hint } : {})}
          value={chosen.includes(option.value)}
          onChange={(checked) => {
            const next = checked
              ? field.options.map((o) => o.value).filter((v) => v === option.value || chosen.includes(v))
              : chosen.filter((v) => v !== option.value);
            onChange(next.length > 0 ? next : undefined);
          }}
        />
      ))}
      <FieldErrorText id={errorId}>{errorMessage}</FieldErrorText>
    </fieldset>
  );
}

type Item = Record<string, unknown>;

// A list shows at least its minimum of items (empty ones to fill in).
function itemsOf(value: unknown, min: number): Item[] {
  const items = Array.isArray(value) ? (value as Item[]) : [];
  return items.length < min ? [...items, ...Array.from({ length: min - items.length }, () => ({}))] : items;
}

function ListField({
  field,
  value,
  onChange,
  errors,
  errorPrefix,
  errorMessage,
}: {
  field: Extract<Field, { kind: 'list' }>;
  value: unknown;
  onChange: (change: (items: Item[]) => Item[]) => void;
  errors: PageFieldErrors;
  errorPrefix: string;
  errorMessage: string | undefined;
}) {
  const { t } = useTranslation(['application', 'forms']);
  const errorId = useId();
  const shown = itemsOf(value, field.min);
  return (
    <fieldset className={styles.fieldset} aria-describedby={errorMessage ? errorId : undefined}>
      <legend className={styles.legend}>
        {field.label}
        {field.optional ? (
          <span className={styles.optional}>{` ${t('optional', { ns: 'forms' })}`}</span>
        ) : null}
      </legend>
      {field.hint ? <p className={styles.hint}>{field.hint}</p> : null}
      {shown.map((item, index) => (
        <fieldset key={index} className={styles.listItem}>
          <legend className={styles.itemLegend}>{`${field.itemLabel} ${index + 1}`}</legend>
          <PageFields
            fields={field.itemFields}
            values={item}
            onChange={(change) =>
              onChange((items) =>
                items.map((current, position) => (position === index ? change(current) : current)),
              )
            }
            errors={errors}
            errorPrefix={`${errorPrefix}${index}.`}
          />
          {shown.length > field.min ? (
            <div>
              <Button
                variant="tertiary"
                size="s"
                onPress={() => onChange((items) => items.filter((_, position) => position !== index))}
              >
                {t('fields.removeItem', { item: `${field.itemLabel} ${index + 1}` })}
              </Button>
            </div>
          ) : null}
        </fieldset>
      ))}
      {shown.length < field.max ? (
        <div>
          <Button variant="secondary" size="s" onPress={() => onChange((items) => [...items, {}])}>
            {field.addLabel}
          </Button>
        </div>
      ) : null}
      <FieldErrorText id={errorId}>{errorMessage}</FieldErrorText>
    </fieldset>
  );
}
