import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { EmptyState } from '../../ui/empty-state';
import { Loading } from '../../ui/loading';
import { useMe } from './api/get-me';
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
  changeTo: string;
  changeLabel: string;
}) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <h2 id={`${id}-headline`} className={styles.sectionHeadline}>
        {headline}
      </h2>
      <dl className={styles.values}>{children}</dl>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <Link to={changeTo}>{changeLabel}</Link>
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

/**
 * /kunden/kundendaten/ (spec §2): e-mail, password, mobile number and contact data, each with its change
 * page, and the download of all stored data (DSGVO Art. 15/20).
 */
export function KundendatenPage() {
  const { t } = useTranslation('credentials');
  useDocumentTitle(t('overview.title', { brand: useBrandName() }));
  const me = useMe();

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('overview.headline')}</h1>
      <p>{t('overview.intro')}</p>
      {me.isPending ? <Loading label={t('overview.loading')} /> : null}
      {me.isError ? <EmptyState preset="error" /> : null}
      {me.isSuccess ? (
        <div className={styles.sections}>
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
            <Value label={t('phone.headline')}>{me.data.handynummer ?? t('contact.notGiven')}</Value>
          </Section>
          <Section
            id="kontaktdaten"
            headline={t('contact.headline')}
            changeTo="/kunden/kundendaten/kontaktdaten/"
            changeLabel={t('contact.change')}
          >
            <Value label={t('contact.nickname')}>{me.data.nickname ?? t('contact.notGiven')}</Value>
            <Value label={t('contact.telefon')}>{me.data.telefon ?? t('contact.notGiven')}</Value>
            {me.data.partnerNummer ? (
              <Value label={t('contact.partnerNummer')}>{me.data.partnerNummer}</Value>
            ) : null}
          </Section>
        </div>
      ) : null}
      <DataExportSection />
    </div>
  );
}
