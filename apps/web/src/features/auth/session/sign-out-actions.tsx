import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { InfoBox } from '../../../ui/info-box';
import { PORTALS, type Portal } from '../portals';
import { SIGNED_OUT_EVERYWHERE_PARAM, SIGNED_OUT_EVERYWHERE_VALUE } from '../sign-in/signed-out-everywhere';
import { session } from './session';
import styles from '../components/auth-page.module.css';

/** Loads the sign-in page afresh: nothing of the signed-out person stays in this tab's memory. */
function reloadAtSignIn(portal: Portal): void {
  window.location.replace(
    `${PORTALS[portal].loginPath}?${SIGNED_OUT_EVERYWHERE_PARAM}=${SIGNED_OUT_EVERYWHERE_VALUE}`,
  );
}

/**
 * 'Abmelden' ends the session on this device (the area's guard then shows the sign-in);
 * 'Auf allen Geräten abmelden' revokes every refresh token of the account, then reloads the page.
 */
export function SignOutActions({
  portal,
  reload = reloadAtSignIn,
}: {
  portal: Portal;
  reload?: (portal: Portal) => void;
}) {
  const { t } = useTranslation('auth');
  const signOut = useMutation({ mutationFn: () => session.signOut() });
  const signOutEverywhere = useMutation({
    mutationFn: () => session.signOutEverywhere(),
    onSuccess: (isDone) => {
      if (isDone) reload(portal);
    },
  });
  const isFailed = signOutEverywhere.data === false || signOutEverywhere.isError;
  return (
    <section aria-labelledby="sign-out-headline" className={styles.form}>
      <h2 id="sign-out-headline" className={styles.stepHeadline}>
        {t('signOut.headline')}
      </h2>
      {isFailed ? (
        <InfoBox variant="error">
          <p>{t('signOut.everywhereFailed')}</p>
        </InfoBox>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => signOut.mutate()} isPending={signOut.isPending}>
          {t('signOut.thisDevice')}
        </Button>
        <Button
          variant="secondary"
          onPress={() => signOutEverywhere.mutate()}
          isPending={signOutEverywhere.isPending}
        >
          {t('signOut.everywhere')}
        </Button>
      </div>
      <p className={styles.hint}>{t('signOut.everywhereHint')}</p>
    </section>
  );
}
