import type { ButtonHTMLAttributes, ReactNode } from 'react';
import buttonStyles from '../../../ui/button.module.css';
import { Spinner } from '../../../ui/spinner';
import styles from './auth-page.module.css';

/**
 * A native button with the look of ui/button's Button (its style sheet; the module itself would
 * bring react-aria), for the sign-in's first screen, whose JavaScript has no room for react-aria
 * (ADR 0017). Pending like Button: a spinner, the same name
 * and focus, aria-disabled, and a submit button no longer submits (Enter in a field included).
 */
export function NativeButton({
  variant = 'primary',
  size,
  type = 'button',
  isPending = false,
  onClick,
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'> & {
  variant?: 'primary' | 'tertiary';
  size?: 'm' | 's';
  type?: 'button' | 'submit';
  isPending?: boolean;
  children: ReactNode;
}) {
  const className = [
    buttonStyles.button,
    buttonStyles[variant],
    size === 's' ? buttonStyles.small : undefined,
    styles.nativeButton,
    variant === 'primary' ? styles.nativePrimary : styles.nativeTertiary,
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
      onClick={isPending ? undefined : onClick}
    >
      {isPending ? <Spinner size="s" /> : null}
      {children}
    </button>
  );
}
