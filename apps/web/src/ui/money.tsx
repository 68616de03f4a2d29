import { formatCents, formatMoney } from '@schirm/domain/format/money';
import styles from './money.module.css';

export interface MoneyProps {
  euros: number;
  /** A million or more as 'Mio. EUR'. */
  compact?: boolean;
  className?: string;
}

export interface CentsProps {
  cents: number;
  compact?: boolean;
  className?: string;
}

/** An amount in euros, German format: '1.234,56 EUR'; never broken across lines. */
export function Money({ euros, compact = false, className }: MoneyProps) {
  return (
    <span className={[styles.money, className].filter(Boolean).join(' ')}>
      {formatMoney(euros, { compact })}
    </span>
  );
}

/** An amount in integer cents (as the domain computes prices), German format. */
export function Cents({ cents, compact = false, className }: CentsProps) {
  return (
    <span className={[styles.money, className].filter(Boolean).join(' ')}>
      {formatCents(cents, { compact })}
    </span>
  );
}
