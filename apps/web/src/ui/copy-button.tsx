import { useEffect, useRef, useState } from 'react';
import { Button } from './button';
import styles from './copy-button.module.css';

export interface CopyButtonProps {
  /** What is copied. */
  text: string;
  /** Button label, e.g. 'Code kopieren'. */
  label: string;
  /** Said after copying ('Kopiert.') and when the browser refused ('… bitte markieren und kopieren'). */
  copied: string;
  failed: string;
}

/**
 * Copies a text to the clipboard and says so in a polite live region next to the button; when the
 * browser refuses (no permission, no secure context) it says how to copy by hand. A new text
 * clears the feedback.
 */
export function CopyButton({ text, label, copied, failed }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copiedText = useRef(text);
  useEffect(() => {
    if (copiedText.current !== text) setState('idle');
  }, [text]);

  async function copy() {
    copiedText.current = text;
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <div className={styles.copy}>
      <Button variant="secondary" size="s" onPress={() => void copy()}>
        {label}
      </Button>
      <span role="status" className={state === 'failed' ? styles.copyFailed : styles.copyDone}>
        {state === 'copied' ? copied : state === 'failed' ? failed : ''}
      </span>
    </div>
  );
}
