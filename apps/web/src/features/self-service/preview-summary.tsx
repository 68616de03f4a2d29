// What a change costs and from when (step two of every change): the premium now and afterwards per
// payment period with the insurance tax shown separately (spec §5 money), and the effective date.
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import type { ChangePremium, ChangePreview } from './api/self-service-api';
import styles from './self-service.module.css';

function PremiumRows({ premium, label }: { premium: ChangePremium; label: string }) {
  const { t } = useTranslation('self-service');
  const period = t(`zahlweise.${premium.zahlweise}`);
  return (
    <div className={styles.premium}>
      <dt>{label}</dt>
      <dd>
        <strong>
          {formatMoney(premium.beitragProPeriode)} {period}
        </strong>
        <span className={styles.premiumDetail}>
          {t('preview.taxSplit', {
            net: formatMoney(premium.nettoProPeriode),
            tax: formatMoney(premium.versicherungsteuerProPeriode),
          })}
        </span>
        <span className={styles.premiumDetail}>
          {t('preview.perYear', { amount: formatMoney(premium.jahresbeitrag) })}
        </span>
      </dd>
    </div>
  );
}

export function PreviewSummary({ preview }: { preview: ChangePreview }) {
  const { t } = useTranslation('self-service');
  return (
    <dl className={styles.preview} aria-label={t('preview.label')}>
      <PremiumRows premium={preview.bisherigerBeitrag} label={t('preview.before')} />
      {preview.neuerBeitrag ? (
        <PremiumRows premium={preview.neuerBeitrag} label={t('preview.after')} />
      ) : (
        <div className={styles.premium}>
          <dt>{t('preview.after')}</dt>
          <dd>{t('preview.unchanged')}</dd>
        </div>
      )}
      {preview.versicherungssumme === undefined ? null : (
        <div className={styles.premium}>
          <dt>{t('preview.sum')}</dt>
          <dd>{formatMoney(preview.versicherungssumme)}</dd>
        </div>
      )}
      <div className={styles.premium}>
        <dt>{t('preview.effective')}</dt>
        <dd>
          <strong>{formatDate(preview.wirksamkeitsdatum)}</strong>
        </dd>
      </div>
    </dl>
  );
}
