import type { ReactNode } from 'react';
import { Dialog, Heading, I18nProvider, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './modal.module.css';

export interface ModalProps {
  isOpen: boolean;
  /** Called with false when the person cancels: button, Escape or a click outside. */
  onOpenChange?: (isOpen: boolean) => void;
  title: string;
  children?: ReactNode;
  /**
   * The confirm button calls this and leaves closing to the owner, so a failing action can keep the
   * dialog open. Without onConfirm the confirm button simply closes the dialog.
   */
  onConfirm?: () => void;
  /** Called on every way of cancelling (button, Escape, click outside). */
  onCancel?: () => void;
  /** Defaults to 'bestätigen' (spec §9). */
  confirmLabel?: string;
  /** Defaults to 'abbrechen' (spec §9). */
  cancelLabel?: string;
  isConfirmDisabled?: boolean;
  /** While the confirmed action runs: confirm shows a spinner and the dialog cannot be dismissed. */
  isConfirmPending?: boolean;
  /** Replaces the two default buttons, e.g. with a single 'Schließen'. */
  actions?: ReactNode;
  /** 'alertdialog' for confirmations with consequences (cancelling a contract). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * Controlled modal dialog on react-aria: focus moves in and is trapped, Escape cancels, and focus
 * returns to the element that opened it.
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  isConfirmDisabled = false,
  isConfirmPending = false,
  actions,
  role = 'dialog',
}: ModalProps) {
  const { t } = useTranslation('ui');

  const handleOpenChange = (open: boolean) => {
    if (!open) onCancel?.();
    onOpenChange?.(open);
  };

  const confirm = () => {
    if (onConfirm) onConfirm();
    else onOpenChange?.(false);
  };

  // The interface language is fixed German (spec §1); react-aria's own hidden texts follow it.
  return (
    <I18nProvider locale="de-DE">
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={handleOpenChange}
        isDismissable={!isConfirmPending}
        isKeyboardDismissDisabled={isConfirmPending}
        className={styles.overlay}
      >
        <AriaModal className={styles.modal}>
          <Dialog role={role} className={styles.dialog}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            {children ? <div className={styles.body}>{children}</div> : null}
            <div className={styles.actions}>
              {actions ?? (
                <>
                  <Button
                    variant="secondary"
                    onPress={() => handleOpenChange(false)}
                    isDisabled={isConfirmPending}
                  >
                    {cancelLabel ?? t('modal.cancel')}
                  </Button>
                  <Button onPress={confirm} isDisabled={isConfirmDisabled} isPending={isConfirmPending}>
                    {confirmLabel ?? t('modal.confirm')}
                  </Button>
                </>
              )}
            </div>
          </Dialog>
        </AriaModal>
      </ModalOverlay>
    </I18nProvider>
  );
}
