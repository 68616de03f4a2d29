import { describe, expect, it } from 'vitest';
import { captureLogger } from './log-capture.test-helper';
import { maskIbans, REDACTED } from './logger';

const SECRETS = {
  password: 'Geheim-Passwort-1',
  passwort: 'Noch-geheimer-2',
  tan: '493817',
  iban: 'DE89370400440532013000',
  token: 'tok-abc-123',
  accessToken: 'eyJhbGciOiJFZERTQSJ9.access',
  refreshToken: 'refresh-7f3e9a',
  refresh_token: 'refresh-snake-case',
  newPassword: 'Neu-Passwort-3',
  smsTan: '112233',
  authorization: 'Bearer eyJ.secret.jwt',
  cookie: 'schirm_refresh=rt-secret-cookie',
};

describe('log redaction', () => {
  it('never writes passwords, tokens, TANs, IBANs, cookies or authorization in clear text, at any depth', () => {
    const { logger, lines } = captureLogger();
    logger.info(
      {
        ...SECRETS,
        body: { ...SECRETS, nested: { deeper: { ...SECRETS, list: [SECRETS] } } },
        req: { headers: { authorization: SECRETS.authorization, cookie: SECRETS.cookie } },
        note: `Lastschrift vom Konto DE89 3704 0044 0532 0130 00 und ${SECRETS.iban.toLowerCase()}`,
      },
      'request body',
    );
    const output = lines.join('\n');
    for (const [key, secret] of Object.entries(SECRETS)) {
      expect(output, key).not.toContain(secret);
    }
    expect(output).not.toContain('0532 0130');
    expect(output).not.toContain('de89370400440532013000');
    expect(output).toContain(REDACTED);
  });

  it('keeps harmless fields readable', () => {
    const { logger, lines } = captureLogger();
    logger.info(
      { contractId: 'V-2024-17', status: 'LAUFEND', distance: 12, code: 'NOT_FOUND' },
      'contract read',
    );
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({
      contractId: 'V-2024-17',
      status: 'LAUFEND',
      distance: 12,
      code: 'NOT_FOUND',
    });
  });

  it('does not change the logged object itself', () => {
    const { logger } = captureLogger();
    const body = { password: 'stays-for-the-caller' };
    logger.info({ body }, 'logged');
    expect(body.password).toBe('stays-for-the-caller');
  });

  it('redacts secrets on errors, class instances and child-logger bindings too', () => {
    const { logger, lines } = captureLogger();
    class Session {
      constructor(
        readonly user: string,
        readonly refreshToken: string,
      ) {}
    }
    const failure = Object.assign(new Error(`Lastschrift von ${SECRETS.iban} abgelehnt`), {
      token: SECRETS.token,
      details: { tan: SECRETS.tan },
    });
    const child = logger.child({ accessToken: SECRETS.accessToken, requestId: 'req-1' });
    child.error(
      { err: failure, error: failure, session: new Session('kunde', SECRETS.refreshToken) },
      'failed',
    );
    child.info({ req: { headers: { authorization: SECRETS.authorization } } }, 'raw request');
    const output = lines.join('\n');
    for (const secret of [
      SECRETS.iban,
      SECRETS.token,
      SECRETS.tan,
      SECRETS.refreshToken,
      SECRETS.accessToken,
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).not.toContain(SECRETS.authorization);
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, Record<string, unknown>>;
    expect(entry.requestId).toBe('req-1');
    expect(entry.session).toEqual({ user: 'kunde', refreshToken: REDACTED });
    expect(entry.err).toMatchObject({ type: 'Error', token: REDACTED, details: { tan: REDACTED } });
    expect(String(entry.err?.stack)).toContain('logger.test');
  });

  it('masks IBANs and sensitive query parameters in logged request URLs', () => {
    const { logger, lines } = captureLogger();
    logger.info(
      {
        req: {
          method: 'GET',
          url: '/api/openiban-validator/validate/DE89370400440532013000?getBIC=true&token=abc123secret',
          host: 'localhost',
          ip: '127.0.0.1',
        },
      },
      'incoming request',
    );
    const entry = JSON.parse(lines[0] ?? '{}') as { req: { url: string } };
    expect(entry.req.url).not.toContain('DE89370400440532013000');
    expect(entry.req.url).not.toContain('abc123secret');
    expect(entry.req.url).toContain('getBIC=true');
  });

  it('recognises IBAN shapes of other countries and leaves short numbers alone', () => {
    expect(maskIbans('AT611904300234573201 und CH9300762011623852957')).not.toMatch(/\d{10}/);
    expect(maskIbans('Vertrag 12345678, PLZ 50667')).toBe('Vertrag 12345678, PLZ 50667');
  });
});
