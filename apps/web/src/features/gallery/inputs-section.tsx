import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, addYears, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { request } from '../../lib/api';
import { Checkbox } from '../../ui/forms/checkbox';
import { CurrencyInput } from '../../ui/forms/currency-input';
import { DateInput } from '../../ui/forms/date-input';
import { FileUpload } from '../../ui/forms/file-upload';
import type { FieldBaseProps } from '../../ui/forms/form-field';
import { IbanInput, type BankInfo } from '../../ui/forms/iban-input';
import { NumberInput } from '../../ui/forms/number-input';
import { PasswordInput } from '../../ui/forms/password-input';
import { PhoneInput } from '../../ui/forms/phone-input';
import { PostalCodeInput } from '../../ui/forms/postal-code-input';
import { RadioGroup } from '../../ui/forms/radio-group';
import { RangeSlider } from '../../ui/forms/range-slider';
import { SearchableSelect, type SearchOption } from '../../ui/forms/searchable-select';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { Textarea } from '../../ui/forms/textarea';

const STATES = ['empty', 'filled', 'error', 'disabled', 'optional'] as const;
type GalleryState = (typeof STATES)[number];

// Spec §9: the range slider's values and its default.
const SLIDER_VALUES = [0, 150, 300, 500, 1000];
const SLIDER_DEFAULT = 300;
const SAMPLE_IBAN = 'DE62370400440532013001';

const layout: Record<'stack' | 'grid' | 'heading' | 'stateTitle', CSSProperties> = {
  stack: { display: 'flex', flexDirection: 'column', gap: 'var(--space-6)' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
    gap: 'var(--space-5) var(--space-4)',
    alignItems: 'start',
  },
  heading: { margin: '0 0 var(--space-3)', fontSize: 'var(--font-size-m)' },
  stateTitle: {
    margin: '0 0 var(--space-2)',
    fontSize: 'var(--font-size-s)',
    fontWeight: 400,
    color: 'var(--color-text-muted)',
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
};

// The gallery talks to the real reference endpoints of the server (spec §7), like a form would.
async function checkPostalCode(code: string, signal: AbortSignal): Promise<boolean> {
  const result = await request<{ valid: boolean }>({
    path: '/api/fragebogen/validate/zip/{zipcode}',
    pathParams: { zipcode: code },
    authenticated: false,
    // Several fields may check the same code at once; each field cancels its own lookups.
    cancelPrevious: false,
    signal,
  });
  if (!result.ok) throw new Error(result.errorMessage);
  if (result.canceled) throw new DOMException(result.errorMessage, 'AbortError');
  return result.data.valid;
}

async function loadDogBreeds(pattern: string, signal: AbortSignal): Promise<SearchOption[]> {
  const result = await request<{ id: string; name: string }[]>({
    path: '/api/finder/hunderasse',
    query: { pattern },
    authenticated: false,
    cancelPrevious: false,
    signal,
  });
  if (!result.ok) throw new Error(result.errorMessage);
  if (result.canceled) throw new DOMException(result.errorMessage, 'AbortError');
  return result.data.map((breed) => ({ value: breed.id, label: breed.name }));
}

async function lookupBank(iban: string): Promise<BankInfo | null> {
  const result = await request<{ bankData?: { name: string; bic: string | null } }>({
    path: '/api/openiban-validator/validate/{iban}',
    pathParams: { iban },
    query: { getBIC: true },
    authenticated: false,
    cancelPrevious: false,
  });
  if (!result.ok || result.canceled || !result.data.bankData) return null;
  return { bankName: result.data.bankData.name, bic: result.data.bankData.bic ?? '' };
}

function sampleFile(name: string, bytes: number, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** Props every input gets in a gallery state: required unless 'optional', the state's error, disabled. */
function stateProps(
  state: GalleryState,
  errorMessage: string,
): Pick<FieldBaseProps, 'isRequired' | 'isDisabled' | 'errorMessage'> {
  return {
    isRequired: state !== 'optional',
    isDisabled: state === 'disabled',
    errorMessage: state === 'error' ? errorMessage : undefined,
  };
}

function hasValue(state: GalleryState): boolean {
  return state === 'filled' || state === 'disabled';
}

function InputStates({
  title,
  states = STATES,
  render,
}: {
  title: string;
  states?: readonly GalleryState[];
  render: (state: GalleryState) => ReactNode;
}) {
  const { t } = useTranslation('forms');
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} style={layout.heading}>
        {title}
      </h3>
      <div style={layout.grid}>
        {states.map((state) => (
          <div key={state}>
            <h4 style={layout.stateTitle}>{t(`gallery.states.${state}`)}</h4>
            {render(state)}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Every form input of ui/forms in each of its states: empty, filled, with error, disabled, optional. */
export default function InputsSection() {
  const { t } = useTranslation('forms');
  const tomorrow = addDays(todayInGermany(), 1);
  const paymentPeriods = [
    { value: 'MONATLICH', label: t('gallery.options.monthly') },
    { value: 'VIERTELJAEHRLICH', label: t('gallery.options.quarterly') },
    { value: 'HALBJAEHRLICH', label: t('gallery.options.halfYearly') },
    { value: 'JAEHRLICH', label: t('gallery.options.yearly') },
  ];
  const insuredPersons = [
    { value: 'SINGLE', label: t('gallery.options.single') },
    { value: 'PAAR', label: t('gallery.options.couple') },
    { value: 'FAMILIE', label: t('gallery.options.family') },
    { value: 'ALLEINERZIEHEND', label: t('gallery.options.singleParent') },
  ];
  const familyStatuses = [
    { value: 'LEDIG', label: t('gallery.options.unmarried') },
    { value: 'VERHEIRATET', label: t('gallery.options.married') },
    { value: 'LEBENSPARTNERSCHAFT', label: t('gallery.options.partnership') },
    { value: 'GESCHIEDEN', label: t('gallery.options.divorced') },
    { value: 'VERWITWET', label: t('gallery.options.widowed') },
  ];
  const [sampleFiles] = useState(() => [
    sampleFile('Wasserschaden_Wohnzimmer_Decke_Sonntag.JPG', 1_500_000, 'image/jpeg'),
    sampleFile('Rechnung_Installateur.pdf', 512_300, 'application/pdf'),
  ]);

  return (
    <div style={layout.stack}>
      <InputStates
        title={t('gallery.inputs.text')}
        render={(state) => (
          <TextInput
            label={t('gallery.labels.text')}
            autoComplete="family-name"
            defaultValue={hasValue(state) ? t('gallery.values.text') : undefined}
            {...stateProps(state, t('gallery.errors.text'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.textarea')}
        render={(state) => (
          <Textarea
            label={t('gallery.labels.textarea')}
            showCounter
            minLength={100}
            defaultValue={hasValue(state) ? t('gallery.values.textarea') : undefined}
            {...stateProps(state, t('errors.textareaDefault'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.number')}
        render={(state) => (
          <NumberInput
            label={t('gallery.labels.number')}
            maxDecimals={1}
            defaultValue={hasValue(state) ? 1285.5 : undefined}
            {...stateProps(state, t('gallery.errors.number'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.currency')}
        render={(state) => (
          <CurrencyInput
            label={t('gallery.labels.currency')}
            defaultValue={hasValue(state) ? 12_345_000 : undefined}
            {...stateProps(state, t('gallery.errors.currency'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.date')}
        render={(state) => (
          <DateInput
            label={t('gallery.labels.date')}
            min={tomorrow}
            max={addYears(todayInGermany(), 1)}
            defaultValue={hasValue(state) ? tomorrow : undefined}
            {...stateProps(state, t('gallery.errors.date'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.slider')}
        states={['filled', 'disabled', 'optional']}
        render={(state) => (
          <RangeSlider
            label={t('gallery.labels.slider')}
            values={SLIDER_VALUES}
            defaultValue={SLIDER_DEFAULT}
            unit="EUR"
            isRequired={state !== 'optional'}
            isDisabled={state === 'disabled'}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.radio')}
        render={(state) => (
          <RadioGroup
            label={t('gallery.labels.radio')}
            options={paymentPeriods}
            defaultValue={hasValue(state) ? 'JAEHRLICH' : undefined}
            {...stateProps(state, t('gallery.errors.radio'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.radioStacked')}
        states={['filled']}
        render={() => (
          <RadioGroup
            label={t('gallery.labels.radioLong')}
            options={insuredPersons}
            defaultValue="FAMILIE"
            isRequired
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.checkbox')}
        render={(state) => (
          <Checkbox
            label={t('gallery.labels.checkbox')}
            defaultValue={hasValue(state)}
            {...stateProps(state, t('gallery.errors.checkbox'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.select')}
        render={(state) => (
          <Select
            label={t('gallery.labels.select')}
            options={familyStatuses}
            defaultValue={hasValue(state) ? 'VERHEIRATET' : undefined}
            {...stateProps(state, t('gallery.errors.select'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.search')}
        render={(state) => (
          <SearchableSelect
            label={t('gallery.labels.search')}
            loadOptions={loadDogBreeds}
            placeholder={t('search.placeholder')}
            defaultValue={
              hasValue(state) ? { value: 'labrador-retriever', label: t('gallery.values.dogBreed') } : null
            }
            {...stateProps(state, t('gallery.errors.search'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.password')}
        render={(state) => (
          <PasswordInput
            label={t('gallery.labels.password')}
            autoComplete="new-password"
            showStrength
            defaultValue={hasValue(state) ? 'Sommer2026' : undefined}
            {...stateProps(state, t('gallery.errors.password'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.phone')}
        render={(state) => (
          <PhoneInput
            label={t('gallery.labels.phone')}
            defaultValue={hasValue(state) ? '+4915123456789' : undefined}
            {...stateProps(state, t('gallery.errors.phone'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.iban')}
        render={(state) => (
          <IbanInput
            label={t('gallery.labels.iban')}
            lookupBank={lookupBank}
            defaultValue={hasValue(state) ? SAMPLE_IBAN : undefined}
            {...stateProps(state, t('gallery.errors.iban'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.postalCode')}
        render={(state) => (
          <PostalCodeInput
            label={t('gallery.labels.postalCode')}
            checkPostalCode={checkPostalCode}
            defaultValue={hasValue(state) ? '10115' : undefined}
            {...stateProps(state, t('gallery.errors.postalCode'))}
          />
        )}
      />
      <InputStates
        title={t('gallery.inputs.fileUpload')}
        render={(state) => (
          <FileUpload
            label={t('gallery.labels.fileUpload')}
            maxCount={5}
            defaultValue={hasValue(state) ? sampleFiles : undefined}
            {...stateProps(state, t('gallery.errors.fileUpload'))}
          />
        )}
      />
    </div>
  );
}
