import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@schirm/domain/validation/email';
import { phoneSchema } from '@schirm/domain/validation/phone';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PhoneInput } from '../../ui/forms/phone-input';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { apiFieldErrors, apiMessage, useAgentTree, useCreateSubAgent, type AgentTree } from './api';
import styles from './agent-admin.module.css';

type Values = { name: string; email: string; mobil: string; uebergeordneteId: string };

function CreateForm({ tree }: { tree: AgentTree }) {
  const { t } = useTranslation('agent-admin');
  const create = useCreateSubAgent();
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().trim().min(1, t('create.nameRequired')).max(120),
        email: emailSchema,
        mobil: phoneSchema(),
        uebergeordneteId: z.string(),
      }),
    [t],
  );
  const { control, handleSubmit } = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', mobil: '', uebergeordneteId: tree.vermittler.id },
  });
  const parents = [tree.vermittler, ...tree.untervermittler.filter((agent) => agent.status === 'AKTIV')];
  const serverFields = apiFieldErrors(create.error);

  if (create.isSuccess) {
    return (
      <InfoBox headline={t('create.createdHeadline')}>
        <p>
          {t('create.created', {
            name: create.data.name,
            nummer: create.data.vermittlerNummer,
            email: create.data.email,
          })}
        </p>
        <p>
          <Link to="/vermittler/untervermittler/">{t('create.toList')}</Link>
        </p>
      </InfoBox>
    );
  }

  return (
    <>
      {create.isError && Object.keys(serverFields).length === 0 ? (
        <InfoBox variant="error">
          <p>{apiMessage(create.error) ?? t('common.saveFailed')}</p>
        </InfoBox>
      ) : null}
      <form className={styles.form} noValidate onSubmit={handleSubmit((values) => create.mutate(values))}>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('create.name')}
              autoComplete="off"
              maxLength={120}
              isRequired
              errorMessage={fieldState.error?.message ?? serverFields.name}
            />
          )}
        />
        <Controller
          control={control}
          name="email"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              type="email"
              label={t('create.email')}
              description={t('create.emailHint')}
              autoComplete="off"
              isRequired
              errorMessage={fieldState.error?.message ?? serverFields.email}
            />
          )}
        />
        <Controller
          control={control}
          name="mobil"
          render={({ field, fieldState }) => (
            <PhoneInput
              {...field}
              label={t('create.mobile')}
              description={t('create.mobileHint')}
              isRequired
              errorMessage={fieldState.error?.message ?? serverFields.mobil}
            />
          )}
        />
        {parents.length > 1 ? (
          <Controller
            control={control}
            name="uebergeordneteId"
            render={({ field }) => (
              <Select
                label={t('create.parent')}
                description={t('create.parentHint')}
                options={parents.map((agent) => ({
                  value: agent.id,
                  label: `${agent.name} (${agent.vermittlerNummer})`,
                }))}
                value={field.value}
                onChange={(value) => field.onChange(value ?? tree.vermittler.id)}
                isRequired
              />
            )}
          />
        ) : null}
        <div>
          <Button type="submit" isPending={create.isPending}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}

/** /vermittler/untervermittler/anlegen/: a new sub-agent with an initial password by e-mail. */
export function CreateSubAgentPage() {
  const { t } = useTranslation('agent-admin');
  useDocumentTitle(t('create.title', { brand: useBrandName() }));
  const tree = useAgentTree();
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('create.headline')}</h1>
      <p>{t('create.intro')}</p>
      {tree.isPending ? <Loading label={t('common.loading')} /> : null}
      {tree.isError ? <EmptyState preset="error" description={t('common.loadFailed')} /> : null}
      {tree.isSuccess ? <CreateForm tree={tree.data} /> : null}
      <p>
        <Link to="/vermittler/untervermittler/">{t('create.back')}</Link>
      </p>
    </div>
  );
}
