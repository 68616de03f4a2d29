import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import { apiErrorMessage } from '../../lib/download-document';
import { Button } from '../../ui/button';
import { InfoBox } from '../../ui/info-box';
import { CopyButton } from '../../ui/copy-button';
import { useRotateSecret, type ClerkPartner } from './api';
import layout from '../../ui/back-office/clerk-page.module.css';
import styles from './clerk-partners.module.css';

/** A new secret for the token exchange, after a confirmation; shown once, with a copy button. */
export function SecretSection({ partner }: { partner: ClerkPartner }) {
  const { t } = useTranslation('clerk-partners');
  const rotate = useRotateSecret(partner.partnerKey);
  const [confirming, setConfirming] = useState(false);
  const secret = rotate.data;

  return (
    <section className={layout.section} aria-labelledby="secret">
      <h2 id="secret" className={layout.sectionHeadline}>
        {t('secret.headline')}
      </h2>
      <p>{t('secret.intro')}</p>
      <p className={layout.meta}>
        {partner.geheimnisErneuertAm
          ? t('secret.rotatedAt', { date: formatDate(partner.geheimnisErneuertAm) })
          : t('secret.never')}
      </p>
      {secret ? (
        <InfoBox variant="warning" headline={t('secret.shownOnce')}>
          <p>{t('secret.shownOnceText')}</p>
          <p className={styles.secretLabel}>{t('secret.label')}</p>
          <code className={styles.secret}>{secret}</code>
          <CopyButton
            text={secret}
            label={t('secret.copy')}
            copied={t('secret.copied')}
            failed={t('secret.copyFailed')}
          />
        </InfoBox>
      ) : null}
      {rotate.isError ? (
        <p role="alert" className={layout.error}>
          {apiErrorMessage(rotate.error) ?? t('secret.failed')}
        </p>
      ) : null}
      {confirming ? (
        <div className={styles.confirm}>
          <p>{t('secret.confirm')}</p>
          <div className={layout.actions}>
            <Button
              isPending={rotate.isPending}
              onPress={() => rotate.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {t('secret.confirmButton')}
            </Button>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              {t('secret.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={layout.actions}>
          <Button variant="secondary" onPress={() => setConfirming(true)}>
            {t('secret.rotate')}
          </Button>
        </div>
      )}
    </section>
  );
}
