import { useState, type ChangeEvent, type FocusEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  compareDates,
  formatGermanDate,
  isCalendarDate,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
import {
  FieldDescription,
  FieldErrorText,
  NativeFieldLabel,
  describedBy,
  fieldClassName,
  fieldErrorText,
  useFieldIds,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';

export interface DateInputProps extends Omit<FieldBaseProps, 'description'> {
  /** The date as 'yyyy-MM-dd', or undefined while empty. */
  value?: CalendarDate;
  defaultValue?: CalendarDate;
  onChange?: (value: CalendarDate | undefined) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  /** Earliest allowed date, 'yyyy-MM-dd'. */
  min?: CalendarDate;
  /** Latest allowed date, 'yyyy-MM-dd'. */
  max?: CalendarDate;
  /** Extra help shown after the format hint. */
  description?: string;
}

type RangeProblem = 'invalid' | 'min' | 'max' | undefined;

/** Why a complete date is outside the allowed range, if it is. */
export function dateRangeProblem(
  value: CalendarDate | undefined,
  min?: CalendarDate,
  max?: CalendarDate,
): RangeProblem {
  if (value === undefined) return undefined;
  if (!isCalendarDate(value)) return 'invalid';
  if (min !== undefined && compareDates(value, min) < 0) return 'min';
  if (max !== undefined && compareDates(value, max) > 0) return 'max';
  return undefined;
}

function useFormatHint(min: CalendarDate | undefined, max: CalendarDate | undefined): string {
  const { t } = useTranslation('forms');
  if (min && max) return t('date.rangeHint', { min: formatGermanDate(min), max: formatGermanDate(max) });
  if (min) return t('date.minHint', { min: formatGermanDate(min) });
  if (max) return t('date.maxHint', { max: formatGermanDate(max) });
  return t('date.formatHint');
}

/**
 * Date field on the browser's own date input: it gives the German day.month.year entry, a
 * calendar and keyboard support, and its value is 'yyyy-MM-dd' with min and max (spec §5).
 * The range is checked when the field loses focus.
 */
export function DateInput(props: DateInputProps) {
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
    min,
    max,
  } = props;
  const { t } = useTranslation('forms');
  const ids = useFieldIds();
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const [problem, setProblem] = useState<RangeProblem>(undefined);
  const hint = useFormatHint(min, max);
  // react-hook-form passes `value` even while it is undefined, so presence of the key decides.
  const current = 'value' in props ? props.value : uncontrolledValue;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value === '' ? undefined : event.target.value;
    setUncontrolledValue(next);
    setProblem(undefined);
    onChange?.(next);
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    // badInput: the person typed a day that does not exist, so the browser reports no value.
    setProblem(event.target.validity.badInput ? 'invalid' : dateRangeProblem(current, min, max));
    onBlur?.(event);
  }

  const problemText =
    problem === 'invalid'
      ? t('errors.dateInvalid')
      : problem === 'min' && min
        ? t('errors.dateMin', { date: formatGermanDate(min) })
        : problem === 'max' && max
          ? t('errors.dateMax', { date: formatGermanDate(max) })
          : undefined;
  const error = fieldErrorText(
    { errorMessage: errorMessage ?? problemText, isInvalid },
    t('errors.textDefault'),
  );
  return (
    <div className={fieldClassName(className)}>
      <NativeFieldLabel htmlFor={ids.inputId} isRequired={isRequired}>
        {label}
      </NativeFieldLabel>
      <input
        ref={ref}
        id={ids.inputId}
        type="date"
        className={styles.control}
        name={name}
        value={current ?? ''}
        min={min}
        max={max}
        onChange={handleChange}
        onBlur={handleBlur}
        disabled={isDisabled}
        aria-required={isRequired || undefined}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={describedBy(ids.descriptionId, error !== undefined && ids.errorId)}
      />
      <FieldDescription id={ids.descriptionId}>
        {description ? `${hint}. ${description}` : hint}
      </FieldDescription>
      <FieldErrorText id={ids.errorId}>{error}</FieldErrorText>
    </div>
  );
}
