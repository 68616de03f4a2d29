import { useLayoutEffect, useRef } from 'react';

/**
 * Reformats typed text and finds where the caret belongs afterwards: behind the same number of
 * significant characters (digits, letters …) as before, so inserted separators never push the
 * caret away from where the person is typing.
 */
export function reformatKeepingCaret(
  raw: string,
  caret: number,
  format: (raw: string) => string,
  isSignificant: (character: string) => boolean,
): { text: string; caret: number } {
  const significantBefore = Array.from(raw.slice(0, caret)).filter(isSignificant).length;
  const text = format(raw);
  if (significantBefore === 0) {
    const firstSignificant = Array.from(text).findIndex(isSignificant);
    return { text, caret: firstSignificant === -1 ? text.length : Math.min(firstSignificant, caret) };
  }
  // Caret right after a separator (e.g. after deleting the digit behind a space) stays after it.
  const isAfterSeparator = caret > 0 && !isSignificant(raw.charAt(caret - 1));
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (isSignificant(text.charAt(index))) seen++;
    if (seen === significantBefore) {
      let position = index + 1;
      while (isAfterSeparator && position < text.length && !isSignificant(text.charAt(position))) position++;
      return { text, caret: position };
    }
  }
  return { text, caret: text.length };
}

/**
 * For inputs that reformat while typing (IBAN groups, money): returns the input ref and a change
 * handler that formats the text and puts the caret back after React has rendered the new value.
 */
export function useMaskedText(
  format: (raw: string) => string,
  isSignificant: (character: string) => boolean,
) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input && caret !== null && input.ownerDocument.activeElement === input) {
      input.setSelectionRange(caret, caret);
    }
  });

  function reformat(raw: string): string {
    const input = inputRef.current;
    const caret = input && input.value === raw ? (input.selectionStart ?? raw.length) : raw.length;
    const result = reformatKeepingCaret(raw, caret, format, isSignificant);
    pendingCaret.current = result.caret;
    return result.text;
  }

  return { inputRef, reformat };
}
