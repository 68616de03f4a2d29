import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema } from '@schirm/domain/validation/email';
import { ihkNumberSchema } from '@schirm/domain/validation/identifiers';
import { optionalPhoneSchema } from '@schirm/domain/validation/phone';
import { useDocumentTitle } from '../../lib/document-title';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../ui/button';
import { PhoneInput } from '../../ui/forms/phone-input';
import { TextInput } from '../../ui/forms/text-input';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { apiFieldErrors, useApplyAsSalesPartner, type SalesPartnerApplication } from './api';
import styles from './agent-admin.module.css';

type Values = SalesPartnerApplication;

/** /vermittler/vertriebspartner-werden/ (public): the application as sales partner. */
export function SalesPartnerPage() {
  const { t } = useTranslation('agent-admin');
  useDocumentTitle(t('salesPartner.title', { brand: useBrandName() }));
  const apply = useApplyAsSalesPartner();
  // One key per filled-in form: a double click or a retry stores the application once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const schema = useMemo(
    () =>
      z.object({
        firma: z.string().trim().min(1, t('salesPartner.companyRequired')).max(200),
        ansprechpartner: z.string().trim().min(1, t('salesPartner.contactRequired')).max(200),
        email: emailSchema,
        telefon: z.string().superRefine((value, ctx) => {
          const result = optionalPhoneSchema({ mobileRequired: false }).safeParse(value);
          if (!result.success)
            ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' });
        }),
        erlaubnisNummer: z.string().trim().min(1, t('salesPartner.permitRequired')).max(60),
        registerNummer: z.string().superRefine((value, ctx) => {
          const result = ihkNumberSchema.safeParse(value);
          if (!result.success)
            ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' });
        }),
        nachricht: z.string().max(5000),
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      firma: '',
      ansprechpartner: '',
      email: '',
      telefon: '',
      erlaubnisNummer: '',
      registerNummer: '',
      nachricht: '',
    },
  });
  const server = apiFieldErrors(apply.error);
  const tooMany = apply.error instanceof RequestError && apply.error.errorStatus === 429;

  if (apply.isSuccess) {
    return (
      <div className={styles.page}>
        <h1 className={styles.headline}>{t('salesPartner.headline')}</h1>
        <InfoBox headline={t('salesPartner.sentHeadline')}>
          <p>{t('salesPartner.sent')}</p>
        </InfoBox>
      </div>
    );
  }

  const text = (
    name: 'firma' | 'ansprechpartner' | 'email' | 'erlaubnisNummer' | 'registerNummer',
    label: string,
    extra: { description?: string; autoComplete?: string; type?: 'email'; maxLength?: number } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          label={label}
          isRequired
          {...extra}
          errorMessage={fieldState.error?.message ?? server[name]}
        />
      )}
    />
  );

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('salesPartner.headline')}</h1>
      <p>{t('salesPartner.intro')}</p>
      {apply.isError && (tooMany || Object.keys(server).length === 0) ? (
        <InfoBox variant="error">
          <p>{tooMany ? t('salesPartner.tooMany') : t('salesPartner.failed')}</p>
        </InfoBox>
      ) : null}
      <form
        className={styles.form}
        noValidate
        onSubmit={handleSubmit((values) => apply.mutate({ ...values, idempotencyKey }))}
      >
        {text('firma', t('salesPartner.company'), { autoComplete: 'organization', maxLength: 200 })}
        {text('ansprechpartner', t('salesPartner.contact'), { autoComplete: 'name', maxLength: 200 })}
        <div className={styles.row}>
          {text('email', t('salesPartner.email'), { autoComplete: 'email', type: 'email' })}
          <Controller
            control={control}
            name="telefon"
            render={({ field, fieldState }) => (
              <PhoneInput
                {...field}
                label={t('salesPartner.phone')}
                mobileRequired={false}
                errorMessage={fieldState.error?.message ?? server.telefon}
              />
            )}
          />
        </div>
        <div className={styles.row}>
          {text('erlaubnisNummer', t('salesPartner.permit'), {
            description: t('salesPartner.permitHint'),
            maxLength: 60,
          })}
          {text('registerNummer', t('salesPartner.register'), {
            description: t('salesPartner.registerHint'),
            maxLength: 15,
          })}
        </div>
        <Controller
          control={control}
          name="nachricht"
          render={({ field, fieldState }) => (
            <Textarea
              {...field}
              label={t('salesPartner.message')}
              placeholder={t('salesPartner.messagePlaceholder')}
              maxLength={5000}
              errorMessage={fieldState.error?.message ?? server.nachricht}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={apply.isPending}>
            {t('salesPartner.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
