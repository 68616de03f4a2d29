import type { ReactNode, Ref } from 'react';
import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary';
export type ButtonSize = 'm' | 's';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Square button that shows only an icon; it still needs an aria-label. */
  isIconOnly?: boolean;
  isFullWidth?: boolean;
  className?: string;
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, ButtonLookProps {
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
  /** Native tooltip; react-aria drops unknown DOM props, so it is set through the render hook. */
  title?: string;
}

export interface ButtonLinkProps extends Omit<AriaLinkProps, 'className' | 'children'>, ButtonLookProps {
  children?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/** Class names of the button look, for the rare element that must look like a button but cannot be one. */
export function buttonClassName({
  variant = 'primary',
  size = 'm',
  isIconOnly = false,
  isFullWidth = false,
  className,
}: ButtonLookProps = {}): string {
  return [
    styles.button,
    styles[variant],
    size === 's' ? styles.small : undefined,
    isIconOnly ? styles.iconOnly : undefined,
    isFullWidth ? styles.fullWidth : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The one button of the product (react-aria: keyboard, touch and focus ring handled alike).
 * With isPending it keeps its focus and name but shows a spinner and ignores presses.
 */
export function Button({
  variant,
  size,
  isIconOnly,
  isFullWidth,
  className,
  children,
  isPending,
  type = 'button',
  title,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      render={title ? (domProps) => <button {...domProps} title={title} /> : undefined}
      {...props}
      type={type}
      isPending={isPending}
      className={buttonClassName({ variant, size, isIconOnly, isFullWidth, className })}
    >
      {isPending ? <Spinner size="s" /> : null}
      {children}
    </AriaButton>
  );
}

/** A link that looks like a button, for navigation (a button would be the wrong role). */
export function ButtonLink({
  variant,
  size,
  isIconOnly,
  isFullWidth,
  className,
  children,
  ...props
}: ButtonLinkProps) {
  return (
    <AriaLink {...props} className={buttonClassName({ variant, size, isIconOnly, isFullWidth, className })}>
      {children}
    </AriaLink>
  );
}
