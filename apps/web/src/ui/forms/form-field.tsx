import { useId, type ReactNode } from 'react';
import { Label, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import styles from './form-field.module.css';

/** Props every input shares: its visible label, help text, error and required state. */
export interface FieldBaseProps {
  /** Visible label; fields that are not required get the suffix '(optional)'. */
  label: string;
  description?: ReactNode;
  /** Error to show; setting it marks the field invalid. */
  errorMessage?: string;
  /** Marks the field invalid; without errorMessage the input's default error text is shown. */
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  className?: string;
}

/**
 * The error text a field shows: its own message, else the input's default when it is marked
 * invalid, else nothing.
 */
export function fieldErrorText(
  { errorMessage, isInvalid }: Pick<FieldBaseProps, 'errorMessage' | 'isInvalid'>,
  defaultMessage: string,
): string | undefined {
  if (errorMessage) return errorMessage;
  return isInvalid ? defaultMessage : undefined;
}

export function fieldClassName(className: string | undefined): string {
  return [styles.field, className].filter(Boolean).join(' ');
}

/** The '(optional)' suffix (spec §5) for a field that is not required; nothing when it is. */
export function OptionalSuffix({ isRequired }: { isRequired: boolean | undefined }) {
  const { t } = useTranslation('forms');
  if (isRequired) return null;
  return <span className={styles.optional}> {t('optional')}</span>;
}

/**
 * Label inside a react-aria field (TextField, Select, RadioGroup …), which wires it to the
 * control. Not required → '(optional)' (spec §5).
 */
export function FieldLabel({
  children,
  isRequired,
  elementType,
}: {
  children: ReactNode;
  isRequired: boolean | undefined;
  elementType?: string;
}) {
  return (
    <Label className={styles.label} elementType={elementType}>
      {children}
      <OptionalSuffix isRequired={isRequired} />
    </Label>
  );
}

/** Label for a field built on native elements: tied by htmlFor, or a group's label (by id) without it. */
export function NativeFieldLabel({
  children,
  isRequired,
  htmlFor,
  id,
}: {
  children: ReactNode;
  isRequired: boolean | undefined;
  htmlFor?: string;
  id?: string;
}) {
  const content = (
    <>
      {children}
      <OptionalSuffix isRequired={isRequired} />
    </>
  );
  if (htmlFor === undefined) {
    return (
      <span className={styles.label} id={id}>
        {content}
      </span>
    );
  }
  return (
    <label className={styles.label} htmlFor={htmlFor} id={id}>
      {content}
    </label>
  );
}

/**
 * Help text. Inside a react-aria field it fills the description slot (referenced by
 * aria-describedby); with an id it is a plain element for native fields.
 */
export function FieldDescription({ children, id }: { children: ReactNode; id?: string }) {
  if (children === undefined || children === null || children === '') return null;
  if (id) {
    return (
      <div id={id} className={styles.description}>
        {children}
      </div>
    );
  }
  return (
    <Text slot="description" className={styles.description}>
      {children}
    </Text>
  );
}

/**
 * Error text with role alert, so it is announced when it appears. Inside a react-aria field it
 * fills the errorMessage slot, which the control references via aria-describedby; with an id it
 * is a plain element for native fields.
 */
export function FieldErrorText({ children, id }: { children: string | undefined; id?: string }) {
  if (!children) return null;
  if (id) {
    return (
      <div id={id} role="alert" className={styles.error}>
        {children}
      </div>
    );
  }
  return (
    <Text slot="errorMessage" role="alert" className={styles.error}>
      {children}
    </Text>
  );
}

/** Ids for a field assembled from native elements. */
export function useFieldIds(): { inputId: string; labelId: string; descriptionId: string; errorId: string } {
  const base = useId();
  return {
    inputId: `${base}-input`,
    labelId: `${base}-label`,
    descriptionId: `${base}-description`,
    errorId: `${base}-error`,
  };
}

/** Joins the ids of the texts that describe a control, skipping absent ones. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  return present.length > 0 ? present.join(' ') : undefined;
}
