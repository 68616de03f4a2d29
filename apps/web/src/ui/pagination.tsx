import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './pagination.module.css';

/**
 * The page to show: a page above the total (e.g. after filtering shrank the list) or below 1 resets to
 * page 1 (spec §4). An empty list still has one page.
 */
export function clampPage(page: number, total: number): number {
  const pages = Math.max(1, Math.floor(total));
  if (!Number.isInteger(page) || page < 1 || page > pages) return 1;
  return page;
}

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  /** Number of pages. */
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a page has more than one list. */
  'aria-label'?: string;
}

/** 'X von Y' with previous/next buttons, inside a navigation landmark. */
export function Pagination({ page, total, onPageChange, 'aria-label': ariaLabel }: PaginationProps) {
  const { t } = useTranslation('ui');
  const pages = Math.max(1, Math.floor(total));
  const current = clampPage(page, total);

  useEffect(() => {
    if (current !== page) onPageChange(current);
  }, [current, page, onPageChange]);

  return (
    <nav aria-label={ariaLabel ?? t('pagination.label')} className={styles.pagination}>
      <Button
        variant="secondary"
        isIconOnly
        aria-label={t('pagination.previous')}
        isDisabled={current <= 1}
        onPress={() => onPageChange(current - 1)}
      >
        <ChevronLeftIcon />
      </Button>
      <span className={styles.status} aria-live="polite" aria-atomic="true">
        {t('pagination.status', { page: current, total: pages })}
      </span>
      <Button
        variant="secondary"
        isIconOnly
        aria-label={t('pagination.next')}
        isDisabled={current >= pages}
        onPress={() => onPageChange(current + 1)}
      >
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}
