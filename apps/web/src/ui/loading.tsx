import { useTranslation } from 'react-i18next';
import { Spinner, type SpinnerSize } from './spinner';
import styles from './loading.module.css';

export interface LoadingProps {
  /** What is happening, e.g. 'Beitrag wird berechnet …'; defaults to 'Wird geladen …'. */
  label?: string;
  /** Keeps the text for screen readers only, e.g. inside a small slot next to a price. */
  isLabelHidden?: boolean;
  size?: SpinnerSize;
  /** Centres the indicator in its own block, for a whole page or section that is loading. */
  isBlock?: boolean;
  className?: string;
}

/** Accessible progress: a status region whose text screen readers announce politely. */
export function Loading({
  label,
  isLabelHidden = false,
  size = 'm',
  isBlock = false,
  className,
}: LoadingProps) {
  const { t } = useTranslation('ui');
  const text = label ?? t('loading.default');
  const classes = [styles.loading, isBlock ? styles.block : undefined, className].filter(Boolean).join(' ');
  return (
    <div role="status" aria-live="polite" className={classes}>
      <Spinner size={size} />
      {isLabelHidden ? (
        <span className="visually-hidden">{text}</span>
      ) : (
        <span className={styles.label}>{text}</span>
      )}
    </div>
  );
}
