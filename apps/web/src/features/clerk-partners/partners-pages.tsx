import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useEmbeddingPartners, type ClerkPartner } from './api';
import { PartnerForm } from './partner-form';
import { SecretSection } from './secret-section';
import layout from '../../ui/back-office/clerk-page.module.css';

const LIST_PATH = '/innendienst/einbettungspartner/';

function PartnerItem({ partner }: { partner: ClerkPartner }) {
  const { t } = useTranslation('clerk-partners');
  const facts = [
    partner.origins.length > 0 ? t('list.origins', { count: partner.origins.length }) : t('list.noOrigins'),
    t('list.products', { count: partner.produkte.length }),
    ...(partner.kundenbereich ? [t('list.customerArea')] : []),
    partner.vermittlernummer
      ? partner.vermittlerName
        ? t('list.brokerNamed', { number: partner.vermittlernummer, name: partner.vermittlerName })
        : t('list.broker', { number: partner.vermittlernummer })
      : t('list.noBroker'),
  ];
  return (
    <li className={layout.item}>
      <Link to={`${LIST_PATH}${partner.partnerKey}/`} className={layout.itemTitle}>
        {partner.name}
      </Link>
      <p className={layout.meta}>
        {partner.partnerKey} · {partner.aktiv ? t('list.active') : t('list.inactive')}
      </p>
      <p className={layout.meta}>{facts.join(' · ')}</p>
    </li>
  );
}

/** /innendienst/einbettungspartner/: every embedding partner, with what it may do. */
export function ClerkPartnersPage() {
  const { t } = useTranslation('clerk-partners');
  useDocumentTitle(t('list.title', { brand: useBrandName() }));
  const partners = useEmbeddingPartners();
  return (
    <div className={layout.page}>
      <h1 className={layout.headline}>{t('list.headline')}</h1>
      <p>{t('list.intro')}</p>
      {partners.isPending ? (
        <Loading label={t('list.loading')} />
      ) : partners.isError ? (
        <EmptyState preset="error" />
      ) : partners.data.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <ul className={layout.list}>
          {partners.data.map((partner) => (
            <PartnerItem key={partner.partnerKey} partner={partner} />
          ))}
        </ul>
      )}
      <p>
        <a href="/quickstart/">{t('list.quickstart')}</a>
      </p>
    </div>
  );
}

function PartnerView({ partner }: { partner: ClerkPartner }) {
  const { t } = useTranslation('clerk-partners');
  useDocumentTitle(t('edit.title', { name: partner.name, brand: useBrandName() }));
  return (
    <div className={layout.page}>
      <Link to={LIST_PATH}>{t('edit.back')}</Link>
      <h1 className={layout.headline}>{partner.name}</h1>
      <dl className={layout.facts}>
        <div>
          <dt>{t('edit.key')}</dt>
          <dd>
            <code>{partner.partnerKey}</code>
          </dd>
        </div>
      </dl>
      <p className={layout.meta}>{t('edit.keyHint')}</p>
      <PartnerForm key={partner.partnerKey} partner={partner} />
      <SecretSection partner={partner} />
    </div>
  );
}

/** /innendienst/einbettungspartner/:partnerKey/: one partner's settings and its secret. */
export function ClerkPartnerPage() {
  const { t } = useTranslation('clerk-partners');
  const { partnerKey = '' } = useParams();
  const partners = useEmbeddingPartners();
  if (partners.isPending) return <Loading label={t('list.loading')} />;
  if (partners.isError) {
    return (
      <div className={layout.page}>
        <Link to={LIST_PATH}>{t('edit.back')}</Link>
        <EmptyState preset="error" />
      </div>
    );
  }
  const partner = partners.data.find((candidate) => candidate.partnerKey === partnerKey);
  if (!partner) {
    return (
      <div className={layout.page}>
        <Link to={LIST_PATH}>{t('edit.back')}</Link>
        <InfoBox variant="warning">{t('edit.notFound')}</InfoBox>
      </div>
    );
  }
  return <PartnerView partner={partner} />;
}
