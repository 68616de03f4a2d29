import { useTranslation } from 'react-i18next';
import { Money } from './money';
import type { PricingResult } from './product-display-types';
import { Spinner } from './spinner';
import styles from './price-display.module.css';

export interface PriceDisplayProps {
  price?: PricingResult;
  /** While true the price is being recalculated: a spinner and 'Beitrag wird berechnet …' replace it. */
  isCalculating?: boolean;
  className?: string;
}

/**
 * The premium per payment period with its tax note. The block is one polite live region, so a person
 * using a screen reader hears 'Beitrag wird berechnet …' and then the new price.
 */
export function PriceDisplay({ price, isCalculating = false, className }: PriceDisplayProps) {
  const { t } = useTranslation('ui');
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy={isCalculating}
      className={[styles.priceDisplay, className].filter(Boolean).join(' ')}
    >
      {isCalculating ? (
        <p className={styles.calculating}>
          <Spinner />
          <span className={styles.calculatingText}>{t('price.calculating')}</span>
        </p>
      ) : price ? (
        <>
          <p className={styles.price}>
            <Money euros={price.proportionalFee} className={styles.amount} />
            <span className={styles.period}>{t(`price.period.${price.paymentPeriod}`)}</span>
          </p>
          <p className={styles.tax}>{t('price.taxNote')}</p>
        </>
      ) : null}
    </div>
  );
}
