import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { isLoopbackHost, isSmsSender, parseSmsUrl } from './sms-url';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;

function problemsOf(env: Record<string, string>) {
  const result = parseConfig(env);
  if (result.ok) throw new Error('expected the configuration to be rejected');
  return result.problems;
}

describe('SMS_URL', () => {
  it('reads Twilio with its credentials; HTTPS except to a loopback fake', () => {
    expect(parseSmsUrl(`twilio://${SID}:tok%2Fen@api.twilio.com`)).toEqual({
      ok: true,
      target: {
        provider: 'twilio',
        accountSid: SID,
        authToken: 'tok/en',
        apiOrigin: 'https://api.twilio.com',
      },
    });
    expect(parseSmsUrl(`twilio://${SID}:token@127.0.0.1:4010`)).toMatchObject({
      ok: true,
      target: { apiOrigin: 'http://127.0.0.1:4010' },
    });
  });

  it('reads an HTTP gateway with basic auth, a bearer token or none, and strips the credentials', () => {
    expect(parseSmsUrl('https://user:p%40ss@sms.example.de/send?konto=7')).toEqual({
      ok: true,
      target: {
        provider: 'http',
        url: 'https://sms.example.de/send?konto=7',
        auth: { kind: 'basic', user: 'user', password: 'p@ss' },
      },
    });
    expect(parseSmsUrl('https://tok3n@sms.example.de/send')).toMatchObject({
      target: { url: 'https://sms.example.de/send', auth: { kind: 'bearer', token: 'tok3n' } },
    });
    expect(parseSmsUrl('http://localhost:8080/send')).toMatchObject({
      target: { url: 'http://localhost:8080/send', auth: { kind: 'none' } },
    });
  });

  it('rejects other schemes, bad Twilio credentials and plain HTTP over a network', () => {
    for (const bad of [
      'nexmo://key:secret@rest.nexmo.com',
      'twilio://api.twilio.com',
      `twilio://${SID}@api.twilio.com`,
      'twilio://ACnothex:token@api.twilio.com',
      'http://user:pass@sms.example.de/send',
      'not a url',
    ]) {
      expect(parseSmsUrl(bad).ok, bad).toBe(false);
    }
  });

  it('stops the start with a bilingual message naming SMS_URL and SMS_FROM', () => {
    const problems = problemsOf({
      SMS_URL: 'http://gateway.example.de/send',
      SMS_FROM: 'Schirm Versicherung',
    });
    expect(problems).toEqual([
      {
        variable: 'SMS_URL',
        message:
          'unverschlüsseltes http:// nur zu einer Adresse dieses Rechners (127.0.0.1, localhost); sonst https:// / plain http:// only to an address of this machine (127.0.0.1, localhost); otherwise https://',
      },
      {
        variable: 'SMS_FROM',
        message:
          'erwartet eine Nummer wie +4915112345678 oder eine Absenderkennung aus höchstens 11 Buchstaben und Ziffern / expected a number such as +4915112345678 or a sender id of at most 11 letters and digits',
      },
    ]);
    expect(problemsOf({ SMS_URL: 'smtp://mail.example.de' })[0]?.message).toContain(
      'erwartet twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com oder eine Gateway-URL',
    );
  });

  it('is unset by default, with the sender Schirm', () => {
    const result = parseConfig({});
    expect(result.ok && [result.config.smsUrl, result.config.smsFrom]).toEqual([undefined, 'Schirm']);
    const set = parseConfig({ SMS_URL: `twilio://${SID}:token@api.twilio.com`, SMS_FROM: '+4915112345678' });
    expect(set.ok && [set.config.smsUrl, set.config.smsFrom]).toEqual([
      `twilio://${SID}:token@api.twilio.com`,
      '+4915112345678',
    ]);
  });

  it('knows loopback hosts and sender ids', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '[::1]'].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', 'sms.example.de', '127.0.0.1.example.de'].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
    ]);
    expect(['Schirm', '+4915112345678', 'Schirm 24'].map(isSmsSender)).toEqual([true, true, true]);
    expect(['4915112345678', '+0151', 'Schirm Versicherung', '12345'].map(isSmsSender)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
