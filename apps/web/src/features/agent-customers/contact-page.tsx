import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { apiErrorMessage } from '../../lib/download-document';
import { RequestError } from '../../lib/query-client';
import layout from '../../ui/back-office/back-office.module.css';
import { Button } from '../../ui/button';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  useContactData,
  useCorrectContact,
  type ContactCorrection,
  type ContactData,
  type CorrectableField,
} from './agent-customers-api';
import { LoadFailure, NS } from './shared';
import styles from './agent-customers.module.css';

type Values = Record<CorrectableField, string>;

function valuesOf(data: ContactData): Values {
  return {
    anrede: data.anrede ?? '',
    titel: data.titel ?? '',
    vorname: data.vorname ?? '',
    nachname: data.nachname ?? '',
    firmenname: data.firmenname ?? '',
    email: data.email ?? '',
    telefon: data.telefon ?? '',
  };
}

/** The German messages of the API's field errors, by field. */
function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof RequestError)) return {};
  const body = error.error as { error?: { fieldErrors?: { path: string; message: string }[] } } | undefined;
  return Object.fromEntries((body?.error?.fieldErrors ?? []).map((entry) => [entry.path, entry.message]));
}

function ContactForm({ loaded, partnerNummer }: { loaded: ContactData; partnerNummer: string }) {
  const { t } = useTranslation(NS);
  const save = useCorrectContact(partnerNummer);
  const contact = useContactData(partnerNummer);
  // After a save its answer is the current state (its version is the one to send next).
  const [saved, setSaved] = useState<ContactData>();
  const data = saved ?? loaded;
  const [values, setValues] = useState<Values>(() => valuesOf(loaded));
  const allowed = new Set(data.korrigierbar);
  const natural = data.personArt === 'NatuerlichePersonDTO';
  const errors = fieldErrorsOf(save.error);
  const conflict = save.error instanceof RequestError && save.error.errorStatus === 409;
  const set = (field: CorrectableField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const original = valuesOf(data);
    const body: ContactCorrection = { version: data.version };
    for (const field of data.korrigierbar) {
      if (values[field] !== original[field]) body[field] = values[field] === '' ? null : values[field];
    }
    save.mutate(body, { onSuccess: setSaved });
  };

  const field = (
    name: CorrectableField,
    extra: { description?: string; type?: 'email'; isRequired?: boolean } = {},
  ) => (
    <TextInput
      name={name}
      label={t(`contact.${name}`)}
      value={values[name]}
      onChange={set(name)}
      isDisabled={!allowed.has(name) || save.isPending}
      isInvalid={errors[name] !== undefined}
      errorMessage={errors[name]}
      {...(extra.description ? { description: extra.description } : {})}
      {...(extra.type ? { type: extra.type } : {})}
      isRequired={extra.isRequired ?? false}
    />
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {natural ? (
        <>
          <Select
            name="anrede"
            label={t('contact.anrede')}
            options={[
              { value: '', label: t('contact.anredeNone') },
              { value: 'Frau', label: 'Frau' },
              { value: 'Herr', label: 'Herr' },
              { value: 'divers', label: 'divers' },
            ]}
            value={values.anrede}
            onChange={(value) => set('anrede')(value ?? '')}
            isDisabled={save.isPending}
          />
          {field('titel')}
          {field('vorname', { isRequired: true })}
          {field('nachname', { isRequired: true })}
        </>
      ) : (
        field('firmenname', { isRequired: true })
      )}
      {field('email', {
        type: 'email',
        ...(allowed.has('email') ? {} : { description: t('contact.emailLocked') }),
      })}
      {field('telefon', { description: t('contact.telefonHint') })}
      {save.isSuccess ? (
        <InfoBox>
          <p role="status">
            {t('contact.saved', {
              fields: (save.data.berichtigt ?? []).map((name) => t(`contact.field.${name}`)).join(', '),
            })}
          </p>
        </InfoBox>
      ) : null}
      {save.isError ? (
        <InfoBox variant="error" headline={t('contact.failedHeadline')}>
          <p>{apiErrorMessage(save.error) ?? t('contact.failed')}</p>
          {conflict ? (
            <Button variant="secondary" onPress={() => void contact.refetch().then(() => save.reset())}>
              {t('contact.conflictReload')}
            </Button>
          ) : null}
        </InfoBox>
      ) : null}
      <div>
        <Button type="submit" isPending={save.isPending}>
          {save.isPending ? t('contact.saving') : t('contact.save')}
        </Button>
      </div>
    </form>
  );
}

/** /vermittler/kundendaten/:partnerNummer/: the agent corrects a customer's contact data (ADR 0031). */
export function ContactPage() {
  const { t } = useTranslation(NS);
  const { partnerNummer = '' } = useParams();
  const contact = useContactData(partnerNummer);
  useDocumentTitle(t('contact.title'));
  return (
    <div className={layout.page}>
      <p>
        <Link to={`/vermittler/kunde/${partnerNummer}/`}>{t('common.backToCustomer')}</Link>
      </p>
      <h1>{t('contact.title')}</h1>
      {contact.isPending ? (
        <Loading isBlock label={t('common.loading')} />
      ) : contact.isError ? (
        <LoadFailure error={contact.error} />
      ) : (
        <>
          <p>{t('contact.intro', { name: contact.data.name })}</p>
          <InfoBox headline={t('contact.rules')}>
            <ul>
              <li>{t('contact.ruleName')}</li>
              <li>{t('contact.ruleEmail')}</li>
              <li>{t('contact.rulePhone')}</li>
              <li>{t('contact.ruleOther')}</li>
            </ul>
          </InfoBox>
          {/* Keyed by version: after a reload the form starts from the current data. */}
          <ContactForm key={contact.data.version} loaded={contact.data} partnerNummer={partnerNummer} />
        </>
      )}
    </div>
  );
}
