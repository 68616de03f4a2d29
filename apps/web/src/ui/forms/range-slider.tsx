import { useImperativeHandle, useRef, useState, type FocusEvent, type Ref } from 'react';
import { I18nProvider, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import { formatGermanNumber } from '@schirm/domain/format/number';
import { FieldDescription, FieldLabel, fieldClassName, type FieldBaseProps } from './form-field';
import styles from './range-slider.module.css';

export interface RangeSliderProps extends Omit<FieldBaseProps, 'errorMessage' | 'isInvalid'> {
  /** The allowed values in ascending order, e.g. 0, 150, 300, 500, 1000 (spec §9). */
  values: readonly number[];
  value?: number;
  defaultValue?: number;
  onChange?: (value: number) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  /** Unit shown after the number, e.g. 'EUR'; a currency code is also read out by screen readers. */
  unit?: string;
}

/** The allowed value next to `current` in the direction of `proposed`, or the nearest one when jumping. */
export function snapToAllowed(values: readonly number[], current: number, proposed: number): number {
  if (values.length === 0) return proposed;
  if (proposed > current) {
    const next = values.find((candidate) => candidate > current);
    if (next !== undefined && proposed <= next) return next;
  } else if (proposed < current) {
    const previous = values.findLast((candidate) => candidate < current);
    if (previous !== undefined && proposed >= previous) return previous;
  }
  return values.reduce((best, candidate) =>
    Math.abs(candidate - proposed) < Math.abs(best - proposed) ? candidate : best,
  );
}

const CURRENCY_CODE = /^[A-Z]{3}$/;

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

// react-aria snaps its value to minValue + n × step, so the step must divide every distance between
// allowed values; it is computed in hundredths so amounts with cents work too.
function commonStep(values: readonly number[]): number {
  const first = values[0] ?? 0;
  const hundredths = values
    .map((value) => Math.round((value - first) * 100))
    .filter((distance) => distance > 0);
  const divisor = hundredths.reduce(greatestCommonDivisor, 0);
  return divisor > 0 ? divisor / 100 : 1;
}

/**
 * Slider that only stops on a fixed list of values (spec §5). The thumb moves on the real scale, so
 * screen readers hear the real amount; arrow keys step to the next or previous allowed value.
 */
export function RangeSlider({
  label,
  description,
  isRequired,
  isDisabled,
  name,
  className,
  values,
  value,
  defaultValue,
  onChange,
  onBlur,
  ref,
  unit,
}: RangeSliderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle<HTMLInputElement | null, HTMLInputElement | null>(ref, () => inputRef.current, []);
  const first = values[0] ?? 0;
  const last = values.at(-1) ?? first;
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue ?? first);
  const current = value ?? uncontrolledValue;
  // react-aria derives the value text screen readers hear from these options.
  const formatOptions: Intl.NumberFormatOptions =
    unit && CURRENCY_CODE.test(unit)
      ? {
          style: 'currency',
          currency: unit,
          currencyDisplay: 'code',
          minimumFractionDigits: 0,
          maximumFractionDigits: 2,
        }
      : { maximumFractionDigits: 2 };
  const format = (amount: number) => {
    const number = formatGermanNumber(amount, { maxDecimals: 2 });
    return unit ? `${number} ${unit}` : number;
  };

  function handleChange(proposed: number) {
    const next = snapToAllowed(values, current, proposed);
    if (next === current) return;
    setUncontrolledValue(next);
    onChange?.(next);
  }

  return (
    <I18nProvider locale="de-DE">
      <Slider
        className={fieldClassName(`${styles.slider} ${className ?? ''}`)}
        minValue={first}
        maxValue={last}
        step={commonStep(values)}
        value={current}
        onChange={handleChange}
        isDisabled={isDisabled}
        formatOptions={formatOptions}
      >
        <div className={styles.header}>
          <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
          <SliderOutput className={styles.output}>{() => format(current)}</SliderOutput>
        </div>
        <SliderTrack className={styles.track}>
          <div className={styles.rail} />
          <div
            className={styles.fill}
            style={{ width: `${((current - first) / (last - first || 1)) * 100}%` }}
          />
          <SliderThumb className={styles.thumb} inputRef={inputRef} name={name} onBlur={onBlur} />
        </SliderTrack>
        <div className={styles.scale} aria-hidden="true">
          {values.map((allowed) => (
            <span
              key={allowed}
              className={styles.tick}
              style={{ left: `${((allowed - first) / (last - first || 1)) * 100}%` }}
            >
              {formatGermanNumber(allowed, { maxDecimals: 2 })}
            </span>
          ))}
        </div>
        <FieldDescription>{description}</FieldDescription>
      </Slider>
    </I18nProvider>
  );
}
