import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { hausnummerSchema, ihkNumberSchema } from '@schirm/domain/validation/identifiers';
import { POSTAL_CODE_MESSAGE, isPostalCodePattern } from '@schirm/domain/validation/postal-code';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { EmptyState } from '../../ui/empty-state';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { ExtranetKeysSection } from './extranet-keys-section';
import { MaklerpostSection } from './maklerpost-section';
import {
  ERSTINFORMATION_URL,
  apiFieldErrors,
  apiMessage,
  useAgency,
  useSaveAgency,
  useStaticDocuments,
  type AgencyData,
  type AgencyInput,
  type Taetigkeit,
} from './api';
import styles from './agent-admin.module.css';

type Values = {
  name: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  registerNummer: string;
  taetigkeit: Taetigkeit;
  beteiligungen: string;
};

const agencySchema = z.object({
  name: z.string().trim().min(1).max(120),
  strasse: z.string().trim().min(1).max(120),
  hausnummer: hausnummerSchema,
  plz: z.string().trim().refine(isPostalCodePattern, { error: POSTAL_CODE_MESSAGE }),
  ort: z.string().trim().min(1).max(80),
  registerNummer: ihkNumberSchema,
  taetigkeit: z.enum(['VERSICHERUNGSVERTRETER', 'VERSICHERUNGSMAKLER']),
  beteiligungen: z.string().max(1000),
});

function AgencyValues({ agency }: { agency: AgencyData }) {
  const { t } = useTranslation('agent-admin');
  const { agentur } = agency;
  return (
    <dl className={styles.values}>
      <dt>{t('agency.name')}</dt>
      <dd>{agentur.name}</dd>
      <dt>{t('agency.address')}</dt>
      <dd>
        {agentur.strasse} {agentur.hausnummer}, {agentur.plz} {agentur.ort}
      </dd>
      <dt>{t('agency.registerNumber')}</dt>
      <dd>{agency.registerNummer ?? t('agency.registerNumberMissing')}</dd>
      <dt>{t('agency.activity')}</dt>
      <dd>{t(`agency.activities.${agency.taetigkeit}`)}</dd>
      <dt>{t('agency.holdings')}</dt>
      <dd>{agency.beteiligungen ?? t('agency.holdingsNone')}</dd>
      <dt>{t('agency.channel')}</dt>
      <dd>{agency.vertriebsweg}</dd>
      <dt>{t('agency.agentNumber')}</dt>
      <dd>{agency.vermittlerNummer}</dd>
    </dl>
  );
}

function AgencyForm({ agency }: { agency: AgencyData }) {
  const { t } = useTranslation('agent-admin');
  const save = useSaveAgency();
  const { control, handleSubmit } = useForm<Values, unknown, Values>({
    resolver: zodResolver(agencySchema),
    defaultValues: {
      ...agency.agentur,
      registerNummer: agency.registerNummer ?? '',
      taetigkeit: agency.taetigkeit,
      beteiligungen: agency.beteiligungen ?? '',
    },
  });
  const serverFields = apiFieldErrors(save.error);
  const submit = (values: Values) => {
    const input: AgencyInput = {
      agentur: {
        name: values.name,
        strasse: values.strasse,
        hausnummer: values.hausnummer,
        plz: values.plz,
        ort: values.ort,
      },
      registerNummer: values.registerNummer,
      taetigkeit: values.taetigkeit,
      beteiligungen: values.beteiligungen,
    };
    save.mutate(input);
  };
  const text = (
    name: keyof Values,
    label: string,
    extra: { maxLength?: number; autoComplete?: string } = {},
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
          errorMessage={fieldState.error?.message ?? serverFields[`agentur.${name}`] ?? serverFields[name]}
        />
      )}
    />
  );
  return (
    <>
      {save.isSuccess ? <InfoBox headline={t('common.saved')} /> : null}
      {save.isError && Object.keys(serverFields).length === 0 ? (
        <InfoBox variant="error">
          <p>{apiMessage(save.error) ?? t('common.saveFailed')}</p>
        </InfoBox>
      ) : null}
      <form className={styles.form} noValidate onSubmit={handleSubmit(submit)}>
        {text('name', t('agency.name'), { maxLength: 120, autoComplete: 'organization' })}
        <div className={styles.row}>
          {text('strasse', t('agency.street'), { maxLength: 120, autoComplete: 'address-line1' })}
          {text('hausnummer', t('agency.houseNumber'), { maxLength: 12 })}
        </div>
        <div className={styles.row}>
          {text('plz', t('agency.postcode'), { maxLength: 5, autoComplete: 'postal-code' })}
          {text('ort', t('agency.city'), { maxLength: 80, autoComplete: 'address-level2' })}
        </div>
        <Controller
          control={control}
          name="registerNummer"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t('agency.registerNumber')}
              description={t('agency.registerNumberHint')}
              maxLength={15}
              isRequired
              errorMessage={fieldState.error?.message ?? serverFields.registerNummer}
            />
          )}
        />
        <Controller
          control={control}
          name="taetigkeit"
          render={({ field }) => (
            <Select
              label={t('agency.activity')}
              options={(['VERSICHERUNGSVERTRETER', 'VERSICHERUNGSMAKLER'] as const).map((value) => ({
                value,
                label: t(`agency.activities.${value}`),
              }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? agency.taetigkeit)}
              isRequired
            />
          )}
        />
        <Controller
          control={control}
          name="beteiligungen"
          render={({ field, fieldState }) => (
            <Textarea
              {...field}
              label={t('agency.holdings')}
              description={t('agency.holdingsHint')}
              placeholder={t('agency.holdingsNone')}
              maxLength={1000}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div>
          <Button type="submit" isPending={save.isPending}>
            {t('agency.save')}
          </Button>
        </div>
      </form>
    </>
  );
}

function Documents({ agency }: { agency: AgencyData }) {
  const { t } = useTranslation('agent-admin');
  const documents = useStaticDocuments();
  return (
    <section className={styles.section} aria-labelledby="documents-headline">
      <h2 id="documents-headline" className={styles.sectionHeadline}>
        {t('agency.documentsHeadline')}
      </h2>
      <p className={styles.hint}>{t('agency.documentsIntro')}</p>
      <DocumentDownloadButton
        url={ERSTINFORMATION_URL}
        fileName={`Erstinformation-${agency.vermittlerNummer}.pdf`}
        label={t('agency.erstinformation')}
        variant="primary"
      />
      <h3 className={styles.sectionHeadline}>{t('agency.staticDocuments')}</h3>
      {documents.isPending ? <Loading label={t('common.loading')} /> : null}
      {documents.isError ? <p className={styles.hint}>{t('agency.staticFailed')}</p> : null}
      {documents.isSuccess ? (
        <ul className={styles.documents}>
          {documents.data.map((document) => (
            <li key={document.name}>
              <a href={document.url} target="_blank" rel="noreferrer">
                {document.titel} (PDF)
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** /vermittler/agentur/: agency data (editable by the head agent) and the Erstinformation. */
export function AgencyPage() {
  const { t } = useTranslation('agent-admin');
  useDocumentTitle(t('agency.title', { brand: useBrandName() }));
  const agency = useAgency();
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('agency.headline')}</h1>
      <p>{t('agency.intro')}</p>
      {agency.isPending ? <Loading label={t('common.loading')} /> : null}
      {agency.isError ? <EmptyState preset="error" description={t('common.loadFailed')} /> : null}
      {agency.isSuccess ? (
        <>
          <section className={styles.section} aria-labelledby="agency-headline">
            <h2 id="agency-headline" className={styles.sectionHeadline}>
              {agency.data.agentur.name}
            </h2>
            {agency.data.bearbeitbar ? (
              <>
                <dl className={styles.values}>
                  <dt>{t('agency.agentNumber')}</dt>
                  <dd>{agency.data.vermittlerNummer}</dd>
                  <dt>{t('agency.channel')}</dt>
                  <dd>{agency.data.vertriebsweg}</dd>
                </dl>
                <AgencyForm agency={agency.data} />
              </>
            ) : (
              <>
                {agency.data.hauptagentur ? (
                  <p className={styles.hint}>
                    {t('agency.readOnly', {
                      name: agency.data.hauptagentur.name,
                      nummer: agency.data.hauptagentur.vermittlerNummer,
                    })}
                  </p>
                ) : null}
                <AgencyValues agency={agency.data} />
              </>
            )}
          </section>
          <Documents agency={agency.data} />
          <MaklerpostSection vermittlerNummer={agency.data.vermittlerNummer} />
          <ExtranetKeysSection
            isAgencyHead={agency.data.bearbeitbar}
            hauptagentur={agency.data.hauptagentur}
          />
        </>
      ) : null}
      <p>
        <Link to="/vermittler/untervermittler/">{t('agency.subAgentsLink')}</Link>
      </p>
    </div>
  );
}
