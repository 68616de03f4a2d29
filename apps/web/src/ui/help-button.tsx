import { useState, type ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { HelpIcon } from './icons';
import { SlideOut } from './slide-out';
import styles from './help-button.module.css';

export interface HelpButtonProps {
  /** What the help is about; names the button ('Hilfe zu …') and heads the panel. */
  topic: string;
  /** The help text; a string keeps its line breaks. */
  children: ReactNode;
}

/** A small '?' button that opens the help text in the slide-out panel. */
export function HelpButton({ topic, children }: HelpButtonProps) {
  const { t } = useTranslation('ui');
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <AriaButton
        className={styles.helpButton}
        aria-label={t('help.buttonLabel', { topic })}
        aria-haspopup="dialog"
        onPress={() => setOpen(true)}
      >
        <HelpIcon />
      </AriaButton>
      <SlideOut isOpen={isOpen} onOpenChange={setOpen} title={topic}>
        {typeof children === 'string' ? <p className={styles.text}>{children}</p> : children}
      </SlideOut>
    </>
  );
}
