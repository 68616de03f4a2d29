import type { ReactNode } from 'react';
import styles from './auth-page.module.css';

/**
 * Narrow page of the sign-in screens: the headline, an optional introduction and the form; `help`
 * is the 'Hilfe' button next to the headline (PageHelp, or SignInHelp on the sign-in).
 */
export function AuthPage({
  headline,
  eyebrow,
  help,
  children,
}: {
  headline: string;
  eyebrow?: string;
  help?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <div className={styles.headlineRow}>
        <h1 className={styles.headline}>{headline}</h1>
        {help}
      </div>
      {children}
    </div>
  );
}

/** Vertical form layout with even spacing. */
export function AuthForm({
  onSubmit,
  children,
  label,
}: {
  onSubmit: () => void;
  children: ReactNode;
  /** Accessible name of the form, usually its step's heading. */
  label?: string;
}) {
  return (
    <form
      className={styles.form}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** Secondary ways out of a form: links such as 'Passwort vergessen?'. */
export function AuthLinks({ children }: { children: ReactNode }) {
  return <div className={styles.links}>{children}</div>;
}
