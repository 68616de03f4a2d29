import type { ButtonHTMLAttributes, ReactNode } from 'react';
import buttonStyles from '../../../ui/button.module.css';
import { Spinner } from '../../../ui/spinner';
import styles from './start-step.module.css';

/**
 * A native button with ui/button's look (its style sheet; the module itself brings react-aria),
 * for the first screen. Pending like Button: a spinner, aria-disabled, no second submit.
 */
export function StartButton({
  variant = 'primary',
  size,
  type = 'button',
  isPending = false,
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'> & {
  variant?: 'primary' | 'secondary' | 'tertiary';
  size?: 's';
  type?: 'button' | 'submit';
  isPending?: boolean;
  children: ReactNode;
  'data-field-key'?: string;
}) {
  const className = [
    buttonStyles.button,
    buttonStyles[variant],
    size === 's' ? buttonStyles.small : undefined,
    styles.button,
    styles[variant],
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...props}
      type={isPending ? 'button' : type}
      aria-disabled={isPending ? 'true' : undefined}
      data-pending={isPending || undefined}
      className={className}
    >
      {isPending ? <Spinner size="s" /> : null}
      {children}
    </button>
  );
}
