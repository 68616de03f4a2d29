import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { optionalPhoneSchema } from '@schirm/domain/validation/phone';
import { useDocumentTitle } from '../../lib/document-title';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PhoneInput } from '../../ui/forms/phone-input';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useMe, type Me } from './api/get-me';
import { useUpdateContactData, type ContactData } from './api/update-contact-data';
import styles from './credentials.module.css';

type ContactValues = { nickname: string; telefon: string };
/** The checked values: the nickname trimmed, the phone normalised or null when left empty. */
type CheckedContactValues = { nickname: string; telefon: string | null };

/** The API's German message of a failed save, or the general one. */
function saveFailureText(error: unknown, fallback: string): string {
  if (!(error instanceof RequestError)) return fallback;
  const body = error.error as { error?: { message?: unknown } } | undefined;
  return typeof body?.error?.message === 'string' ? body.error.message : fallback;
}

function ContactDataForm({ me }: { me: Me }) {
  const { t } = useTranslation('credentials');
  const schema = useMemo(
    () =>
      z.object({
        nickname: z
          .string()
          .trim()
          .min(1, t('contactForm.nicknameRequired'))
          .max(50, t('contactForm.nicknameTooLong')),
        // Any number in international format; an empty field removes it.
        telefon: optionalPhoneSchema({ mobileRequired: false }),
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<ContactValues, unknown, CheckedContactValues>({
    resolver: zodResolver(schema),
    defaultValues: { nickname: me.nickname ?? '', telefon: me.telefon ?? '' },
  });
  const save = useUpdateContactData();
  const submit = (values: CheckedContactValues) => {
    const contactData: ContactData = { nickname: values.nickname, telefon: values.telefon };
    save.mutate(contactData);
  };

  return (
    <>
      {save.isSuccess ? <InfoBox variant="info" headline={t('contactForm.saved')} /> : null}
      {save.isError ? (
        <InfoBox variant="error">
          <p>{saveFailureText(save.error, t('errors.generic'))}</p>
        </InfoBox>
      ) : null}
      <form className={styles.form} noValidate onSubmit={handleSubmit(submit)}>
        <Controller
          control={control}
          name="nickname"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('contactForm.nickname')}
              description={t('contactForm.nicknameHint')}
              autoComplete="given-name"
              maxLength={50}
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="telefon"
          render={({ field, fieldState }) => (
            <PhoneInput
              {...field}
              label={t('contactForm.telefon')}
              description={t('contactForm.telefonHint')}
              mobileRequired={false}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={save.isPending}>
            {t('contactForm.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}

/** /kunden/kundendaten/kontaktdaten/: how the person is addressed and the phone for questions. */
export function ContactDataPage() {
  const { t } = useTranslation('credentials');
  useDocumentTitle(t('contactForm.title', { brand: useBrandName() }));
  const me = useMe();
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('contactForm.headline')}</h1>
      <p>{t('contactForm.intro')}</p>
      {me.isPending ? <Loading label={t('overview.loading')} /> : null}
      {me.isError ? <EmptyState preset="error" /> : null}
      {me.isSuccess ? <ContactDataForm me={me.data} /> : null}
      <p>
        <Link to="/kunden/kundendaten/">{t('contactForm.back')}</Link>
      </p>
    </div>
  );
}
