import { useImperativeHandle, useRef, useState, type FocusEvent, type Ref } from 'react';
import { parseDate, type CalendarDate as AriaCalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput as AriaDateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  compareDates,
  formatGermanDate,
  isCalendarDate,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { CalendarIcon } from './field-icons';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';
import dateStyles from './date-input.module.css';

/** What a form needs to move focus into a field that has no single input element. */
export interface FocusHandle {
  focus: () => void;
}

export interface DateInputProps extends Omit<FieldBaseProps, 'description'> {
  /** The date as 'yyyy-MM-dd', or undefined while empty or incomplete. */
  value?: CalendarDate;
  defaultValue?: CalendarDate;
  onChange?: (value: CalendarDate | undefined) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  /** Focuses the first part (day) of the date. */
  ref?: Ref<FocusHandle>;
  /** Earliest allowed date, 'yyyy-MM-dd'. */
  min?: CalendarDate;
  /** Latest allowed date, 'yyyy-MM-dd'. */
  max?: CalendarDate;
  /** Extra help shown after the format hint. */
  description?: string;
}

type RangeProblem = 'invalid' | 'min' | 'max' | undefined;

/** Why a date is outside the allowed range, if it is. */
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

function toAriaDate(value: CalendarDate | undefined): AriaCalendarDate | null {
  if (value === undefined) return null;
  // Not isCalendarDate: while the year is being typed, react-aria reports years like 0002.
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

function useFormatHint(min: CalendarDate | undefined, max: CalendarDate | undefined): string {
  const { t } = useTranslation('forms');
  if (min && max) return t('date.rangeHint', { min: formatGermanDate(min), max: formatGermanDate(max) });
  if (min) return t('date.minHint', { min: formatGermanDate(min) });
  if (max) return t('date.maxHint', { max: formatGermanDate(max) });
  return t('date.formatHint');
}

/**
 * Date field with day, month and year parts in German order (TT.MM.JJJJ, whatever the browser's
 * language) and a calendar; its value is 'yyyy-MM-dd' with min and max (spec §5). The range is
 * checked when the field is left.
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
  const groupRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({
    focus: () => groupRef.current?.querySelector<HTMLElement>('[role="spinbutton"]')?.focus(),
  }));
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  // react-hook-form passes `value` even while it is undefined, so presence of the key decides.
  const current = 'value' in props ? props.value : uncontrolledValue;
  const [isLeft, setIsLeft] = useState(false);
  const hint = useFormatHint(min, max);

  function handleChange(next: AriaCalendarDate | null) {
    const date = next ? next.toString() : undefined;
    setUncontrolledValue(date);
    setIsLeft(false);
    onChange?.(date);
  }

  function handleBlur(event: FocusEvent<Element>) {
    setIsLeft(true);
    onBlur?.(event);
  }

  const problem = isLeft ? dateRangeProblem(current, min, max) : undefined;
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
    <I18nProvider locale="de-DE">
      <DatePicker
        className={fieldClassName(className)}
        value={toAriaDate(current)}
        onChange={handleChange}
        onBlur={handleBlur}
        minValue={toAriaDate(min)}
        maxValue={toAriaDate(max)}
        granularity="day"
        shouldForceLeadingZeros
        name={name}
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={error !== undefined}
        validationBehavior="aria"
      >
        <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
        <Group ref={groupRef} className={`${styles.control} ${dateStyles.group}`}>
          <AriaDateInput className={dateStyles.segments}>
            {(segment) => <DateSegment segment={segment} className={dateStyles.segment} />}
          </AriaDateInput>
          <Button className={dateStyles.calendarButton}>
            <CalendarIcon />
          </Button>
        </Group>
        <FieldDescription>{description ? `${hint}. ${description}` : hint}</FieldDescription>
        <FieldErrorText>{error}</FieldErrorText>
        <Popover className={dateStyles.popover}>
          <Dialog className={dateStyles.dialog}>
            <Calendar className={dateStyles.calendar}>
              <header className={dateStyles.calendarHeader}>
                <Button slot="previous" className={dateStyles.monthButton}>
                  <ChevronLeftIcon />
                </Button>
                <Heading className={dateStyles.month} />
                <Button slot="next" className={dateStyles.monthButton}>
                  <ChevronRightIcon />
                </Button>
              </header>
              <CalendarGrid className={dateStyles.grid}>
                {(date) => <CalendarCell date={date} className={dateStyles.cell} />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
