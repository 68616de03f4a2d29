// What a change costs and from when (step two of every change). The figures add up (issue 12):
// today's premium, the premium the already pending changes lead to without this one, and the
// premium with this one, each in the payment period it is paid in, with the insurance tax shown
// (spec §5 money); then the timeline of every pending change and this one, each with the premium
// after it, and a note where a pending change was priced again.
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import type { ChangePremium, ChangePreview } from './api/self-service-api';
import { useScopeText } from './self-service-scope';
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
        {/* A single premium has no yearly figure (issue 12, item 5). */}
        {premium.zahlweise === 'EINMALIG' || premium.zahlweise === 'JAEHRLICH' ? null : (
          <span className={styles.premiumDetail}>
            {t('preview.perYear', { amount: formatMoney(premium.jahresbeitrag) })}
          </span>
        )}
      </dd>
    </div>
  );
}

function Timeline({ preview }: { preview: ChangePreview }) {
  const { t } = useTranslation('self-service');
  const as = useScopeText();
  const hasPending = preview.zeitplan.some((step) => step.art === 'vorgemerkt');
  if (!hasPending) return null;
  return (
    <section aria-labelledby="preview-timeline">
      <h3 id="preview-timeline" className={styles.subHeading}>
        {t('preview.timeline', as)}
      </h3>
      <ol className={styles.timeline}>
        {preview.zeitplan.map((step) => (
          <li key={`${step.art}-${step.typ}-${step.wirksamkeitsdatum}`}>
            <span className={styles.timelineKind}>
              {step.art === 'diese' ? t('preview.timelineThis') : t('preview.timelinePending')}
            </span>{' '}
            {t('preview.timelineItem', {
              date: formatDate(step.wirksamkeitsdatum),
              change: step.bezeichnung,
            })}
            {step.beitrag ? (
              <>
                {' – '}
                {t('preview.timelinePremium', {
                  amount: formatMoney(step.beitrag.beitragProPeriode),
                  period: t(`zahlweise.${step.beitrag.zahlweise}`),
                })}
              </>
            ) : null}
            {step.bisherVorgemerkt ? (
              <span className={styles.premiumDetail}>
                {t('preview.timelineRepriced', {
                  amount: formatMoney(step.bisherVorgemerkt.beitragProPeriode),
                  period: t(`zahlweise.${step.bisherVorgemerkt.zahlweise}`),
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function PreviewSummary({ preview }: { preview: ChangePreview }) {
  const { t } = useTranslation('self-service');
  const as = useScopeText();
  const withoutThis = preview.beitragOhneAenderung;
  return (
    <>
      <dl className={styles.preview} aria-label={t('preview.label')}>
        <PremiumRows premium={preview.bisherigerBeitrag} label={t('preview.before')} />
        {withoutThis ? <PremiumRows premium={withoutThis} label={t('preview.withoutThis')} /> : null}
        {preview.neuerBeitrag ? (
          <PremiumRows
            premium={preview.neuerBeitrag}
            label={withoutThis ? t('preview.after') : t('preview.afterOnly')}
          />
        ) : (
          <div className={styles.premium}>
            <dt>{t('preview.afterOnly')}</dt>
            <dd>{t('preview.unchanged', as)}</dd>
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
      <Timeline preview={preview} />
    </>
  );
}
