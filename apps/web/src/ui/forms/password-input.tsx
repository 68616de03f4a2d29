import { useId, useState, type FocusEvent, type Ref } from 'react';
import { Group, Input, Label, Meter, TextField, ToggleButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_REQUIREMENTS,
  PASSWORD_REQUIREMENT_LABELS,
  PASSWORD_STRENGTH_LABELS,
  passwordRequirements,
  passwordStrength,
  type PasswordStrength,
} from '@schirm/domain/validation/password-rules';
import { CheckIcon, CrossIcon } from '../icons';
import { EyeIcon, EyeOffIcon } from './field-icons';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';
import passwordStyles from './password-input.module.css';

export interface PasswordInputProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  /** 'new-password' for choosing a password, 'current-password' for signing in. */
  autoComplete?: 'new-password' | 'current-password';
  /** Shows the five requirements and the strength level (for choosing a new password). */
  showStrength?: boolean;
}

const STRENGTH_STEPS: Record<PasswordStrength, number> = {
  'very-weak': 1,
  weak: 2,
  strong: 3,
  'very-strong': 4,
};

function PasswordStrengthMeter({ password, requirementsId }: { password: string; requirementsId: string }) {
  const { t } = useTranslation('forms');
  const met = passwordRequirements(password);
  const strength = passwordStrength(password);
  const levelLabel = PASSWORD_STRENGTH_LABELS[strength];
  return (
    <div className={passwordStyles.strength}>
      {password === '' ? null : (
        <>
          <Meter
            className={passwordStyles.meter}
            value={STRENGTH_STEPS[strength]}
            minValue={0}
            maxValue={4}
            valueLabel={levelLabel}
            data-level={strength}
          >
            {({ percentage, valueText }) => (
              <>
                <div className={passwordStyles.meterHeader}>
                  <Label>{t('password.strength')}</Label>
                  <span className={passwordStyles.level}>{valueText}</span>
                </div>
                <div className={passwordStyles.bar}>
                  <div className={passwordStyles.fill} style={{ width: `${percentage}%` }} />
                </div>
              </>
            )}
          </Meter>
          <span className={styles.visuallyHidden} aria-live="polite">
            {`${t('password.strength')}: ${levelLabel}`}
          </span>
        </>
      )}
      <div id={requirementsId}>
        <p className={passwordStyles.requirementsTitle}>{t('password.requirements')}</p>
        <ul className={passwordStyles.requirements}>
          {PASSWORD_REQUIREMENTS.map((requirement) => (
            <li
              key={requirement}
              className={met[requirement] ? passwordStyles.met : passwordStyles.notMet}
              data-met={met[requirement]}
            >
              {met[requirement] ? <CheckIcon size={18} /> : <CrossIcon size={18} />}
              <span>
                {PASSWORD_REQUIREMENT_LABELS[requirement]}
                <span className={styles.visuallyHidden}>
                  {`: ${met[requirement] ? t('password.met') : t('password.notMet')}`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Password field with a show/hide toggle and, for new passwords, the strength indicator of spec §5. */
export function PasswordInput({
  label,
  description,
  errorMessage,
  isInvalid,
  isRequired,
  isDisabled,
  name,
  className,
  value,
  defaultValue,
  onChange,
  onBlur,
  ref,
  autoComplete = 'current-password',
  showStrength = false,
}: PasswordInputProps) {
  const { t } = useTranslation('forms');
  const requirementsId = useId();
  const [isVisible, setIsVisible] = useState(false);
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue ?? '');
  const password = value ?? uncontrolledValue;
  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textDefault'));

  function handleChange(next: string) {
    setUncontrolledValue(next);
    onChange?.(next);
  }

  return (
    <div className={fieldClassName(className)}>
      <TextField
        className={styles.field}
        type={isVisible ? 'text' : 'password'}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        onBlur={onBlur}
        name={name}
        autoComplete={autoComplete}
        aria-describedby={showStrength ? requirementsId : undefined}
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={error !== undefined}
        validationBehavior="aria"
      >
        <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
        <Group className={styles.group}>
          <Input ref={ref} className={styles.control} spellCheck={false} autoCapitalize="none" />
          <ToggleButton
            className={passwordStyles.toggle}
            isSelected={isVisible}
            onChange={setIsVisible}
            isDisabled={isDisabled}
          >
            {isVisible ? <EyeOffIcon /> : <EyeIcon />}
            <span className={passwordStyles.toggleText}>
              {isVisible ? t('password.hide') : t('password.show')}
            </span>
          </ToggleButton>
        </Group>
        <FieldDescription>{description}</FieldDescription>
        <FieldErrorText>{error}</FieldErrorText>
      </TextField>
      {showStrength ? <PasswordStrengthMeter password={password} requirementsId={requirementsId} /> : null}
    </div>
  );
}
