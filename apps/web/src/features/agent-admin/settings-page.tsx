import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema } from '@schirm/domain/validation/email';
import { passwordSchema } from '@schirm/domain/validation/password';
import { optionalPhoneSchema } from '@schirm/domain/validation/phone';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PasswordInput } from '../../ui/forms/password-input';
import { PhoneInput } from '../../ui/forms/phone-input';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { apiFieldErrors, apiMessage, useSaveSettings, useSettings, type Settings } from './api';
import styles from './agent-admin.module.css';

/**
 * The password change (SRP proof of the current password, new salt and verifier), given by the app
 * from the sign-in's code: a feature does not import another feature.
 */
export interface PasswordChange {
  change(input: { username: string; currentPassword: string; newPassword: string }): Promise<void>;
  /** The error code of a failed change, e.g. OLD_PASSWORD_WRONG. */
  errorCode(error: unknown): string | undefined;
}

type PersonalValues = { name: string; telefon: string; benachrichtigungsEmail: string };

function PersonalForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('agent-admin');
  const save = useSaveSettings();
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().trim().min(1, t('settings.nameRequired')).max(120),
        telefon: z.string().superRefine((value, ctx) => {
          const result = optionalPhoneSchema({ mobileRequired: false }).safeParse(value);
          if (!result.success)
            ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' });
        }),
        benachrichtigungsEmail: z.string().superRefine((value, ctx) => {
          if (value.trim() === '') return;
          const result = emailSchema.safeParse(value);
          if (!result.success)
            ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' });
        }),
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<PersonalValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: settings.name,
      telefon: settings.telefon ?? '',
      benachrichtigungsEmail: settings.benachrichtigungsEmail ?? '',
    },
  });
  const serverFields = apiFieldErrors(save.error);
  return (
    <section className={styles.section} aria-labelledby="personal-headline">
      <h2 id="personal-headline" className={styles.sectionHeadline}>
        {t('settings.personalHeadline')}
      </h2>
      {save.isSuccess ? <InfoBox headline={t('common.saved')} /> : null}
      {save.isError && Object.keys(serverFields).length === 0 ? (
        <InfoBox variant="error">
          <p>{apiMessage(save.error) ?? t('common.saveFailed')}</p>
        </InfoBox>
      ) : null}
      <dl className={styles.values}>
        <dt>{t('settings.signInEmail')}</dt>
        <dd>{settings.email}</dd>
      </dl>
      <form className={styles.form} noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('settings.name')}
              autoComplete="name"
              maxLength={120}
              isRequired
              errorMessage={fieldState.error?.message ?? serverFields.name}
            />
          )}
        />
        <Controller
          control={control}
          name="telefon"
          render={({ field, fieldState }) => (
            <PhoneInput
              {...field}
              label={t('settings.phone')}
              description={t('settings.phoneHint')}
              mobileRequired={false}
              errorMessage={fieldState.error?.message ?? serverFields.telefon}
            />
          )}
        />
        <Controller
          control={control}
          name="benachrichtigungsEmail"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              type="email"
              label={t('settings.noticeEmail')}
              description={t('settings.noticeEmailHint')}
              autoComplete="email"
              errorMessage={fieldState.error?.message ?? serverFields.benachrichtigungsEmail}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

type PasswordValues = { currentPassword: string; newPassword: string };

function PasswordForm({ username, passwordChange }: { username: string; passwordChange: PasswordChange }) {
  const { t } = useTranslation('agent-admin');
  const schema = useMemo(
    () =>
      z.object({
        currentPassword: z.string().min(1, t('settings.currentPasswordRequired')),
        newPassword: passwordSchema,
      }),
    [t],
  );
  const { control, handleSubmit, setError, reset } = useForm<PasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = useMutation({
    mutationFn: (values: PasswordValues) => passwordChange.change({ username, ...values }),
    onSuccess: () => reset(),
    onError: (error) => {
      if (passwordChange.errorCode(error) !== 'OLD_PASSWORD_WRONG') return;
      setError('currentPassword', { message: t('settings.passwordWrong') }, { shouldFocus: true });
    },
  });
  const isOtherFailure = change.isError && passwordChange.errorCode(change.error) !== 'OLD_PASSWORD_WRONG';
  return (
    <section className={styles.section} aria-labelledby="password-headline">
      <h2 id="password-headline" className={styles.sectionHeadline}>
        {t('settings.passwordHeadline')}
      </h2>
      <p className={styles.hint}>{t('settings.passwordIntro')}</p>
      {change.isSuccess ? <InfoBox headline={t('settings.passwordDone')} /> : null}
      {isOtherFailure ? (
        <InfoBox variant="error">
          <p>{apiMessage(change.error) ?? t('settings.passwordFailed')}</p>
        </InfoBox>
      ) : null}
      <form className={styles.form} noValidate onSubmit={handleSubmit((values) => change.mutate(values))}>
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Controller
          control={control}
          name="currentPassword"
          render={({ field, fieldState }) => (
            <PasswordInput
              {...field}
              label={t('settings.currentPassword')}
              autoComplete="current-password"
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="newPassword"
          render={({ field, fieldState }) => (
            <PasswordInput
              {...field}
              label={t('settings.newPassword')}
              autoComplete="new-password"
              showStrength
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={change.isPending}>
            {t('settings.passwordSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** /vermittler/einstellungen/: personal data and the password change. */
export function SettingsPage({ passwordChange }: { passwordChange: PasswordChange }) {
  const { t } = useTranslation('agent-admin');
  useDocumentTitle(t('settings.title', { brand: useBrandName() }));
  const settings = useSettings();
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('settings.headline')}</h1>
      {settings.isPending ? <Loading label={t('common.loading')} /> : null}
      {settings.isError ? <EmptyState preset="error" description={t('common.loadFailed')} /> : null}
      {settings.isSuccess ? (
        <>
          <PersonalForm settings={settings.data} />
          <PasswordForm username={settings.data.anmeldename} passwordChange={passwordChange} />
        </>
      ) : null}
    </div>
  );
}
