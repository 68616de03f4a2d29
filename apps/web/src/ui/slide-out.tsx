import type { ReactNode } from 'react';
import { Dialog, Heading, I18nProvider, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { CloseIcon } from './icons';
import styles from './slide-out.module.css';

export interface SlideOutProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Defaults to 'Hinweis' (spec §8). */
  title?: string;
  children?: ReactNode;
}

/**
 * Help panel that slides in from the right. It is a modal dialog: focus is trapped inside, Escape,
 * 'Schließen' and a click on the dimmed page close it, and focus returns to the help button.
 */
export function SlideOut({ isOpen, onOpenChange, title, children }: SlideOutProps) {
  const { t } = useTranslation('ui');
  // The interface language is fixed German (spec §1); react-aria's own hidden texts follow it.
  return (
    <I18nProvider locale="de-DE">
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        // Not 'isDismissable': react-aria would add a hidden second 'Schließen' button. A click on the
        // dimmed page (the overlay itself, not the panel) closes the panel instead.
        onClick={(event) => {
          if (event.target === event.currentTarget) onOpenChange(false);
        }}
        className={styles.overlay}
      >
        <Modal className={styles.panel}>
          <Dialog className={styles.dialog}>
            <div className={styles.header}>
              <Heading slot="title" className={styles.title}>
                {title ?? t('slideOut.defaultTitle')}
              </Heading>
              <Button variant="tertiary" size="s" onPress={() => onOpenChange(false)}>
                <CloseIcon size={18} />
                {t('slideOut.close')}
              </Button>
            </div>
            <div className={styles.body}>{children}</div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </I18nProvider>
  );
}
