import { useEffect, useRef, type ReactNode } from 'react';
import styles from './termination.module.css';

/**
 * The step's headline. A new step replaces the page content in place, so focus moves to its
 * headline and screen readers announce where the person now is (the first step keeps the focus
 * where the page load put it).
 */
export function PageHeadline({ children, takeFocus = true }: { children: ReactNode; takeFocus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <h1 ref={ref} tabIndex={-1} className={styles.headline}>
      {children}
    </h1>
  );
}
