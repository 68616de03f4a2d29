import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { useInactivity } from './use-inactivity';

/**
 * Warns after 15 minutes without activity (issue 5) and signs out when the countdown ends. The
 * dialog's text is read once when it opens; the countdown itself is not announced every second.
 */
export function InactivityWarning({
  onTimeout,
  onSignOut,
}: {
  onTimeout: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation('auth');
  const { secondsLeft, stayActive } = useInactivity({ onTimeout });
  const isOpen = secondsLeft !== null;
  return (
    <Modal
      isOpen={isOpen}
      role="alertdialog"
      title={t('inactivity.title')}
      onOpenChange={(open) => {
        if (!open) stayActive();
      }}
      actions={
        <>
          <Button variant="secondary" onPress={onSignOut}>
            {t('inactivity.signOut')}
          </Button>
          <Button onPress={stayActive} autoFocus>
            {t('inactivity.stay')}
          </Button>
        </>
      }
    >
      <p>{t('inactivity.text')}</p>
      <p aria-live="off">{t('inactivity.countdown', { count: secondsLeft ?? 0 })}</p>
    </Modal>
  );
}
