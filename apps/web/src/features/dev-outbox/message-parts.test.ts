import { describe, expect, it } from 'vitest';
import { codeOf, splitLinks } from './message-parts';

describe('outbox message parts', () => {
  it('finds the 6-digit code of an SMS', () => {
    expect(codeOf('Ihr Schirm-Code lautet 493021. Er ist 5 Minuten gültig.')).toBe('493021');
    expect(codeOf('Ihre Handynummer wurde geändert.')).toBeUndefined();
    expect(codeOf('Vertrag 9000000101')).toBeUndefined();
  });

  it('turns web addresses into links and leaves a closing full stop in the text', () => {
    expect(
      splitLinks('Bitte öffnen Sie http://localhost:3000/kunden/login/registrieren/?token=abc_1-2. Danke'),
    ).toEqual([
      { kind: 'text', text: 'Bitte öffnen Sie ' },
      { kind: 'link', href: 'http://localhost:3000/kunden/login/registrieren/?token=abc_1-2' },
      { kind: 'text', text: '. Danke' },
    ]);
    expect(splitLinks('Kein Link')).toEqual([{ kind: 'text', text: 'Kein Link' }]);
  });
});
