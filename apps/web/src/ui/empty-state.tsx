import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorIcon, InboxIcon } from './icons';
import styles from './empty-state.module.css';

/** The empty lists of spec §8; 'error' is the list that could not be loaded. */
export const EMPTY_STATE_PRESETS = [
  'noOpenActivities',
  'error',
  'noCustomers',
  'noEmployees',
  'noClaims',
  'noMessages',
] as const;
export type EmptyStatePreset = (typeof EMPTY_STATE_PRESETS)[number];

type HeadingLevel = 2 | 3 | 4;

export interface EmptyStateProps {
  /** Uses the catalogue text; title and description override it. */
  preset?: EmptyStatePreset;
  title?: string;
  description?: string;
  /** What the person can do next, e.g. a ButtonLink 'Schaden melden'. */
  action?: ReactNode;
  /** Render the title as a heading of this level when the empty state stands in for a whole section. */
  headingLevel?: HeadingLevel;
  className?: string;
}

/** Says why a list is empty and what to do about it, instead of showing nothing. */
export function EmptyState({ preset, title, description, action, headingLevel, className }: EmptyStateProps) {
  const { t } = useTranslation('ui');
  const shownTitle = title ?? (preset ? t(`emptyState.${preset}.title`) : '');
  const presetDescription = preset ? t(`emptyState.${preset}.description`, { defaultValue: '' }) : '';
  const shownDescription = description ?? presetDescription;
  const isError = preset === 'error';
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  const Icon = isError ? ErrorIcon : InboxIcon;

  return (
    <div
      className={[styles.emptyState, isError ? styles.error : undefined, className].filter(Boolean).join(' ')}
      role={isError ? 'alert' : undefined}
    >
      <Icon className={styles.icon} size={40} />
      <Title className={styles.title}>{shownTitle}</Title>
      {shownDescription ? <p className={styles.description}>{shownDescription}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
