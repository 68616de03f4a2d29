import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ProductVariantOption } from './product-display-types';
import styles from './variant-options.module.css';

export interface VariantOptionsProps {
  /** Visible name of the choice, e.g. 'Wählen Sie Ihren Tarif'. */
  label: string;
  options: readonly ProductVariantOption[];
  value: string | null;
  onChange: (value: string) => void;
  /** While a price is calculating the choice is locked (spec §4), so the shown price always matches it. */
  isCalculating?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/** Product variants as radio cards: arrow keys move between them, the recommended one carries a badge. */
export function VariantOptions({
  label,
  options,
  value,
  onChange,
  isCalculating = false,
  isDisabled = false,
  className,
}: VariantOptionsProps) {
  const { t } = useTranslation('ui');
  return (
    <RadioGroup
      value={value}
      onChange={onChange}
      isDisabled={isDisabled || isCalculating}
      orientation="horizontal"
      className={[styles.group, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.options}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className={styles.card}>
            {option.recommended ? (
              <span className={styles.badge}>{t('variantOptions.recommended')}</span>
            ) : null}
            {option.icon ? (
              <span className={styles.icon} aria-hidden="true">
                {option.icon}
              </span>
            ) : null}
            <span className={styles.optionLabel}>{option.label}</span>
            <span className={styles.indicator} aria-hidden="true" />
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
