import styles from './spinner.module.css';

export type SpinnerSize = 's' | 'm' | 'l';

export interface SpinnerProps {
  size?: SpinnerSize;
  className?: string;
}

/**
 * The turning ring only. It is decorative (aria-hidden): whoever shows it also says in words what is
 * happening, usually through <Loading>, so screen readers hear text instead of an unnamed graphic.
 */
export function Spinner({ size = 'm', className }: SpinnerProps) {
  return (
    <span
      aria-hidden="true"
      className={[styles.spinner, styles[size], className].filter(Boolean).join(' ')}
    />
  );
}
