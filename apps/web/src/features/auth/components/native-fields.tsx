import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '../../../ui/forms/field-icons';
import fieldStyles from '../../../ui/forms/form-field.module.css';
import passwordStyles from '../../../ui/forms/password-input.module.css';
import styles from './auth-page.module.css';

/*
 * The sign-in's two fields on native elements, with the markup, look and accessible wiring of
 * ui/forms' TextInput and PasswordInput (label for the input, error as role alert referenced by
 * aria-describedby, aria-invalid, aria-required): the sign-in's first JavaScript has no room for
 * react-aria (ADR 0017), nor for ui/forms/form-field.tsx, which imports it. Required fields only,
 * as the sign-in needs.
 */

/** The error under a field, announced when it appears (FieldErrorText's markup). */
function ErrorText({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <div id={id} role="alert" className={fieldStyles.error}>
      {children}
    </div>
  );
}

type NativeFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errorMessage?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** A required single-line field for an e-mail address (TextInput's look). */
export function NativeEmailField({
  label,
  name,
  value,
  onChange,
  errorMessage,
  ref,
  autoComplete,
}: NativeFieldProps & { autoComplete: string }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        name={name}
        className={fieldStyles.control}
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required="true"
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? errorId : undefined}
      />
      <ErrorText id={errorId}>{errorMessage}</ErrorText>
    </div>
  );
}

/** A required password field with the show/hide toggle (PasswordInput's look, without strength). */
export function NativePasswordField({
  label,
  name,
  value,
  onChange,
  errorMessage,
  ref,
  autoComplete,
}: NativeFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useTranslation('forms');
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={fieldStyles.group}>
        <input
          ref={ref}
          id={inputId}
          name={name}
          className={fieldStyles.control}
          type={isVisible ? 'text' : 'password'}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-required="true"
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={errorMessage ? errorId : undefined}
        />
        <button
          type="button"
          className={`${passwordStyles.toggle} ${styles.nativeToggle}`}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          <span className={passwordStyles.toggleText}>
            {isVisible ? t('password.hide') : t('password.show')}
          </span>
        </button>
      </div>
      <ErrorText id={errorId}>{errorMessage}</ErrorText>
    </div>
  );
}
