import { useState, type KeyboardEvent } from 'react';
import { Label, Text, TextArea, TextField, VisuallyHidden } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { SendIcon } from '../icons';
import styles from './message-input.module.css';

export interface MessageInputProps {
  /** Receives the trimmed text. A returned promise keeps the text until it resolves (kept on failure). */
  onSend: (text: string) => void | Promise<void>;
  /** Defaults to 'Nachricht' (the field's name for screen readers). */
  label?: string;
  /** Defaults to 'Nachricht schreiben'. */
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
}

/** Chat input: Enter sends, Shift+Enter starts a new line; nothing is sent while the text is empty. */
export function MessageInput({
  onSend,
  label,
  placeholder,
  isDisabled = false,
  className,
}: MessageInputProps) {
  const { t } = useTranslation('ui');
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const canSend = text.trim().length > 0 && !isDisabled && !isSending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The owner reports the failure (e.g. with a toast); the text stays so nothing typed is lost.
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const sendLabel = t('chat.input.send');
  return (
    <form
      className={[styles.form, className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className={styles.row}>
        <TextField value={text} onChange={setText} isDisabled={isDisabled} className={styles.field}>
          <VisuallyHidden>
            <Label>{label ?? t('chat.input.label')}</Label>
          </VisuallyHidden>
          <TextArea
            className={styles.textarea}
            placeholder={placeholder ?? t('chat.input.placeholder')}
            rows={2}
            onKeyDown={onKeyDown}
          />
          <Text slot="description" className={styles.hint}>
            <VisuallyHidden elementType="span">{t('chat.input.hint')}</VisuallyHidden>
          </Text>
        </TextField>
        <Button
          type="submit"
          isIconOnly
          aria-label={sendLabel}
          title={sendLabel}
          isDisabled={!canSend && !isSending}
          isPending={isSending}
        >
          {isSending ? null : <SendIcon />}
        </Button>
      </div>
    </form>
  );
}
