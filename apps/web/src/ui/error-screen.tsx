import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './error-screen.module.css';

export type ErrorScreenAction = { label: string; onClick: () => void } | { label: string; href: string };

export type ErrorScreenProps = {
  headline: string;
  subline: string;
  explanation?: ReactNode;
  /** One button: an action, or a link (plain page load, so the app starts fresh). */
  action?: ErrorScreenAction;
  /** Shown as 'Fehler-ID: …' so a person can quote it to support. */
  errorId?: string;
};

/** Page-level error screen (spec §2): headline, subline, optional explanation, button and error id. */
export function ErrorScreen({ headline, subline, explanation, action, errorId }: ErrorScreenProps) {
  const { t } = useTranslation('shell');
  const headlineId = useId();
  return (
    <section className={styles.screen} aria-labelledby={headlineId}>
      <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2.5" fill="currentColor" />
      </svg>
      <h1 id={headlineId} className={styles.headline}>
        {headline}
      </h1>
      <p className={styles.subline}>{subline}</p>
      {explanation ? <p className={styles.explanation}>{explanation}</p> : null}
      {action && 'href' in action ? (
        <a className={styles.action} href={action.href}>
          {action.label}
        </a>
      ) : null}
      {action && 'onClick' in action ? (
        <button type="button" className={styles.action} onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
      {errorId ? <p className={styles.errorId}>{t('errorScreen.errorId', { id: errorId })}</p> : null}
    </section>
  );
}
