import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorIcon, InfoIcon, WarningIcon } from './icons';
import styles from './info-box.module.css';

export type InfoBoxVariant = 'info' | 'warning' | 'error';

export interface InfoBoxProps {
  variant?: InfoBoxVariant;
  /** Defaults to 'Leider ist ein unerwarteter Fehler aufgetreten' (spec §8). */
  headline?: string;
  children?: ReactNode;
  className?: string;
}

const ICONS = { info: InfoIcon, warning: WarningIcon, error: ErrorIcon } as const;

/**
 * A boxed message inside a page. Errors are announced (role alert) because they usually appear after an
 * action; info and warning are notes read in page order. The kind is also said in words, not only by colour.
 */
export function InfoBox({ variant = 'info', headline, children, className }: InfoBoxProps) {
  const { t } = useTranslation('ui');
  const Icon = ICONS[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'note'}
      className={[styles.infoBox, styles[variant], className].filter(Boolean).join(' ')}
    >
      <Icon className={styles.icon} />
      <div className={styles.body}>
        <p className={styles.headline}>
          <span className="visually-hidden">{t(`infoBox.kind.${variant}`)} </span>
          {headline ?? t('infoBox.defaultHeadline')}
        </p>
        {children ? <div className={styles.content}>{children}</div> : null}
      </div>
    </div>
  );
}
