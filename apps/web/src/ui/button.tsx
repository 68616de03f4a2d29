import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
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

/** Whether an aria-labelledby list names the element with this id. */
function referencesId(labelledBy: string | null, id: string): boolean {
  return !!labelledBy && labelledBy.split(/\s+/).includes(id);
}

/**
 * Removes react-aria's busy announcements of a button that is leaving the page. react-aria announces
 * a pending button through its live announcer ([data-live-announcer]) as a role="img" element
 * labelled by the button's id, and keeps it for 7 s. Once the button is gone that element has no
 * name (axe: role-img-alt). Screen readers have read it when it was added, so removing it is safe.
 * react-aria adds the page's first announcement – and the announcer itself – 100 ms late, which can
 * be after a fast request has already replaced the button: the page is watched for a second, so
 * such a late announcement is removed as soon as it appears.
 */
function removeAnnouncementsOf(id: string): void {
  const remove = () => {
    const announcer = document.querySelector('[data-live-announcer]');
    if (!announcer) return;
    for (const node of announcer.querySelectorAll('[role="img"][aria-labelledby]')) {
      if (referencesId(node.getAttribute('aria-labelledby'), id)) node.remove();
    }
  };
  remove();
  const observer = new MutationObserver(remove);
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), LATE_ANNOUNCEMENT_WATCH_MS);
}

/** How long a leaving pending button watches for react-aria's late announcement (it comes after 100 ms). */
const LATE_ANNOUNCEMENT_WATCH_MS = 1000;

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
  id,
  ...props
}: ButtonProps) {
  const generatedId = useId();
  const buttonId = id ?? generatedId;
  const wasPending = useRef(false);
  useEffect(() => {
    if (isPending) wasPending.current = true;
  }, [isPending]);
  useEffect(
    () => () => {
      if (wasPending.current) removeAnnouncementsOf(buttonId);
    },
    [buttonId],
  );

  return (
    <AriaButton
      render={title ? (domProps) => <button {...domProps} title={title} /> : undefined}
      {...props}
      id={buttonId}
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
