import { useEffect, useRef, type ReactNode } from 'react';
import styles from './auth-page.module.css';

/**
 * The heading of a step of a multi-step form. A later step takes focus on its heading, so screen
 * reader and keyboard users start reading where the new step begins.
 */
export function StepHeading({ children, isFocused = true }: { children: ReactNode; isFocused?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isFocused) ref.current?.focus();
  }, [isFocused]);
  return (
    <h2 ref={ref} tabIndex={-1} className={styles.stepHeadline}>
      {children}
    </h2>
  );
}
