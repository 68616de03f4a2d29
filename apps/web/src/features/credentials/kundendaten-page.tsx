import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { formatPhone } from '@schirm/domain/format/phone';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useMe } from './api/get-me';
import { useStammdaten, type Anschrift, type Stammdaten } from './api/stammdaten';
import { DataExportSection } from './data-export-section';
import styles from './credentials.module.css';

function Section({
  id,
  headline,
  hint,
  children,
  changeTo,
  changeLabel,
}: {
  id: string;
  headline: string;
  hint?: string;
  children: ReactNode;
  changeTo?: string;
  changeLabel?: string;
}) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <h2 id={`${id}-headline`} className={styles.sectionHeadline}>
        {headline}
      </h2>
      <dl className={styles.values}>{children}</dl>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {changeTo && changeLabel ? <Link to={changeTo}>{changeLabel}</Link> : null}
    </section>
  );
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.value}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function AddressLines({ anschrift }: { anschrift: Anschrift }) {
  return (
    <>
      {anschrift.strasse} {anschrift.hausnummer}
      <br />
      {anschrift.plz} {anschrift.ort}
    </>
  );
}

/**
 * The salutation is the person's (Frau, Herr, divers) or, for a company, 'Firma'; never the nickname,
 * which only says how the portal greets the person.
 */
function anredeOf(data: Stammdaten, t: (key: string) => string): string {
  if (data.personArt === 'JuristischePersonDTO') return t('person.anredeFirma');
  return data.anrede ?? t('person.notGiven');
}

function nameOf(data: Stammdaten): string {
  return [data.titel, data.vorname, data.nachname].filter(Boolean).join(' ');
}

function PersonSection({ data }: { data: Stammdaten }) {
  const { t } = useTranslation('credentials');
  const company = data.personArt === 'JuristischePersonDTO';
  return (
    <Section
      id="person"
      headline={t('person.headline')}
      hint={company ? t('person.hintFirma') : t('person.hint')}
    >
      <Value label={t('person.anrede')}>{anredeOf(data, t)}</Value>
      {company ? (
        <>
          <Value label={t('person.firma')}>{data.firmenname}</Value>
          {data.rechtsform ? <Value label={t('person.rechtsform')}>{data.rechtsform}</Value> : null}
          {data.gruendungsdatum ? (
            <Value label={t('person.gruendungsdatum')}>{formatDate(data.gruendungsdatum)}</Value>
          ) : null}
        </>
      ) : (
        <>
          <Value label={t('person.name')}>{nameOf(data)}</Value>
          <Value label={t('person.geburtsdatum')}>
            {data.geburtsdatum ? formatDate(data.geburtsdatum) : t('person.notGiven')}
          </Value>
        </>
      )}
      <Value label={t('person.kundennummer')}>{data.partnerNummer}</Value>
    </Section>
  );
}

function AddressSection({ data }: { data: Stammdaten }) {
  const { t } = useTranslation('credentials');
  return (
    <Section
      id="anschrift"
      headline={t('address.headline')}
      hint={data.anschrift ? t('address.hint') : undefined}
      {...(data.anschrift && !data.neueAnschrift
        ? { changeTo: '/kunden/kundendaten/umzug/', changeLabel: t('address.move') }
        : {})}
    >
      {data.anschrift ? (
        <Value label={t('address.current')}>
          <AddressLines anschrift={data.anschrift} />
          <br />
          <span className={styles.hint}>
            {t('address.since', { date: formatDate(data.anschrift.gueltigAb) })}
          </span>
        </Value>
      ) : (
        <Value label={t('address.current')}>{t('address.none')}</Value>
      )}
      {data.neueAnschrift ? (
        <Value label={t('address.upcoming', { date: formatDate(data.neueAnschrift.gueltigAb) })}>
          <AddressLines anschrift={data.neueAnschrift} />
        </Value>
      ) : null}
    </Section>
  );
}

/**
 * /kunden/kundendaten/ (spec §2): personal data (salutation, name, date of birth, customer number),
 * the postal address with 'Umzug melden', e-mail, password, mobile number and contact data, each
 * with its change page, and the download of all stored data (DSGVO Art. 15/20).
 */
export function KundendatenPage() {
  const { t } = useTranslation('credentials');
  useDocumentTitle(t('overview.title', { brand: useBrandName() }));
  const me = useMe();
  const stammdaten = useStammdaten(me.data?.partnerNummer);

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('overview.headline')}</h1>
      <p>{t('overview.intro')}</p>
      {me.isPending || (me.data?.partnerNummer && stammdaten.isPending) ? (
        <Loading label={t('overview.loading')} />
      ) : null}
      {me.isError ? <EmptyState preset="error" /> : null}
      {stammdaten.isError ? (
        <InfoBox variant="error" headline={t('address.headline')}>
          <p>{t('overview.stammdatenFailed')}</p>
        </InfoBox>
      ) : null}
      {me.isSuccess ? (
        <div className={styles.sections}>
          {stammdaten.isSuccess ? (
            <>
              <PersonSection data={stammdaten.data} />
              <AddressSection data={stammdaten.data} />
            </>
          ) : null}
          <Section
            id="email"
            headline={t('email.headline')}
            hint={t('email.hint')}
            changeTo="/kunden/kundendaten/email/"
            changeLabel={t('email.change')}
          >
            <Value label={t('email.headline')}>{me.data.email}</Value>
          </Section>
          <Section
            id="passwort"
            headline={t('password.headline')}
            changeTo="/kunden/kundendaten/passwort/"
            changeLabel={t('password.change')}
          >
            <Value label={t('password.label')}>{t('password.hidden')}</Value>
          </Section>
          <Section
            id="handynummer"
            headline={t('phone.headline')}
            hint={t('phone.hint')}
            changeTo="/kunden/kundendaten/handynummer/"
            changeLabel={t('phone.change')}
          >
            <Value label={t('phone.headline')}>
              {me.data.handynummer ? formatPhone(me.data.handynummer) : t('contact.notGiven')}
            </Value>
          </Section>
          <Section
            id="kontaktdaten"
            headline={t('contact.headline')}
            changeTo="/kunden/kundendaten/kontaktdaten/"
            changeLabel={t('contact.change')}
          >
            <Value label={t('contact.nickname')}>{me.data.nickname ?? t('contact.notGiven')}</Value>
            <Value label={t('contact.telefon')}>
              {me.data.telefon ? formatPhone(me.data.telefon) : t('contact.notGiven')}
            </Value>
          </Section>
          <Section
            id="partner-freigaben"
            headline={t('partnerGrants.headline')}
            changeTo="/kunden/partner-freigaben/"
            changeLabel={t('partnerGrants.change')}
          >
            <Value label={t('partnerGrants.label')}>{t('partnerGrants.value')}</Value>
          </Section>
        </div>
      ) : null}
      <DataExportSection />
    </div>
  );
}
