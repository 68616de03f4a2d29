import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, formatConfigProblems, parseConfig, REPO_ROOT } from './config';

function problemsOf(env: Record<string, string>) {
  const result = parseConfig(env);
  if (result.ok) throw new Error('expected the configuration to be rejected');
  return result.problems;
}

describe('configuration', () => {
  it('has the documented defaults, with paths relative to the repository root', () => {
    const result = parseConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, 'data'),
      pgliteDir: path.join(REPO_ROOT, 'data', 'pglite'),
      filesDir: path.join(REPO_ROOT, 'data', 'files'),
      logLevel: 'info',
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
      seedDemo: true,
      frameAncestors: ["'self'"],
      trustProxy: false,
    });
    expect(result.config.hostEnvironments['localhost']).toBe('localhost');
  });

  it('documents every variable it reads, each with a default and a meaning', () => {
    expect(CONFIG_DOCS.map((doc) => doc.name)).toEqual([
      'PORT',
      'HOST',
      'DATABASE_URL',
      'DATA_DIR',
      'LOG_LEVEL',
      'WEB_DIST_DIR',
      'SEED_DEMO',
      'HOST_ENVIRONMENTS',
      'FRAME_ANCESTORS',
      'TRUST_PROXY',
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'RATE_LIMIT_REDIS_URL',
      'SMS_URL',
      'SMS_FROM',
      'JOBS',
      'PENDING_CHANGES_JOB',
      'DEVELOPMENT_ROUTES',
      'SEPA_GLAEUBIGER_ID',
      'PREMIUM_ACCOUNT_HOLDER',
      'PREMIUM_ACCOUNT_IBAN',
      'PREMIUM_ACCOUNT_BIC',
      'JWT_PRIVATE_KEY',
      'IDENTITY_SECRET',
      'ACCESS_TOKEN_TTL',
      'REFRESH_TOKEN_TTL',
      'ZUERS_FILE',
      'KFZ_CLASSES_FILE',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PREFIX',
      'UPLOAD_MAX_FILES',
    ]);
    for (const doc of CONFIG_DOCS) {
      expect(doc.default).not.toBe('');
      expect(doc.description.length).toBeGreaterThan(20);
    }
  });

  it('reads every variable', () => {
    const result = parseConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://schirm:geheim@db:5432/schirm',
      DATA_DIR: '/var/lib/schirm',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: 'build/web',
      SEED_DEMO: 'false',
      HOST_ENVIRONMENTS: 'Portal.Example.de=production, test.example.de=accept',
      FRAME_ANCESTORS: "'self' https://*.partner.de",
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://schirm:geheim@db:5432/schirm',
      dataDir: '/var/lib/schirm',
      pgliteDir: '/var/lib/schirm/pglite',
      logLevel: 'warn',
      webDistDir: path.join(REPO_ROOT, 'build/web'),
      seedDemo: false,
      frameAncestors: ["'self'", 'https://*.partner.de'],
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
    });
    expect(result.config.hostEnvironments['portal.example.de']).toBe('production');
    expect(result.config.hostEnvironments['test.example.de']).toBe('accept');
    expect(result.config.hostEnvironments['schirm.de']).toBe('production');
  });

  it.each([
    ['true', true],
    ['2', 2],
    ['false', false],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    const result = parseConfig({ TRUST_PROXY: value });
    expect(result.ok && result.config.trustProxy).toEqual(expected);
  });

  it.each([
    [{}, true],
    [{ JOBS: 'false' }, false],
    [{ PENDING_CHANGES_JOB: 'false' }, false],
    [{ JOBS: 'true', PENDING_CHANGES_JOB: 'false' }, true],
  ])('runs background jobs with %o: %s (PENDING_CHANGES_JOB is the former name of JOBS)', (env, expected) => {
    const result = parseConfig(env);
    expect(result.ok && result.config.jobs).toBe(expected);
  });

  it('treats empty variables as unset', () => {
    const result = parseConfig({ PORT: '', DATABASE_URL: '' });
    expect(result.ok && [result.config.port, result.config.databaseUrl]).toEqual([3000, undefined]);
  });

  it('reads the premium account for transfers, with the documented demo account as default', () => {
    const demo = parseConfig({});
    expect(demo.ok && demo.config.beitragskonto).toEqual({
      kontoinhaber: 'Schirm Versicherung AG',
      iban: 'DE66370501980012345678',
      bic: 'COLSDE33XXX',
    });
    const own = parseConfig({
      PREMIUM_ACCOUNT_HOLDER: 'Beispiel Versicherung AG',
      PREMIUM_ACCOUNT_IBAN: 'de77 1001 0010 0123 4567 89',
      PREMIUM_ACCOUNT_BIC: 'PBNKDEFFXXX',
    });
    expect(own.ok && own.config.beitragskonto).toEqual({
      kontoinhaber: 'Beispiel Versicherung AG',
      iban: 'DE77100100100123456789',
      bic: 'PBNKDEFFXXX',
    });
    expect(problemsOf({ PREMIUM_ACCOUNT_IBAN: 'DE00370501980012345678', PREMIUM_ACCOUNT_BIC: 'x' })).toEqual([
      expect.objectContaining({ variable: 'PREMIUM_ACCOUNT_IBAN', message: expect.stringContaining('IBAN') }),
      expect.objectContaining({ variable: 'PREMIUM_ACCOUNT_BIC', message: expect.stringContaining('BIC') }),
    ]);
  });

  it('names every bad variable at once, in German and English', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'vielleicht',
      HOST_ENVIRONMENTS: 'a.example=staging',
      FRAME_ANCESTORS: "'none' https://x.de",
      TRUST_PROXY: 'hello world',
    });
    expect(problems.map((problem) => problem.variable)).toEqual([
      'PORT',
      'DATABASE_URL',
      'LOG_LEVEL',
      'SEED_DEMO',
      'HOST_ENVIRONMENTS',
      'FRAME_ANCESTORS',
      'TRUST_PROXY',
    ]);
    for (const problem of problems) expect(problem.message).toContain(' / ');
    expect(problems[0]?.message).toBe(
      'erwartet eine ganze Zahl von 0 bis 65535 / expected an integer from 0 to 65535',
    );
  });

  it('takes a redis:// or rediss:// URL for the rate-limit counters and refuses anything else', () => {
    const redis = parseConfig({ RATE_LIMIT_REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(redis.ok && redis.config.rateLimitRedisUrl).toBe('redis://127.0.0.1:6379');
    const unset = parseConfig({});
    expect(unset.ok && unset.config.rateLimitRedisUrl).toBeUndefined();
    const wrong = parseConfig({ RATE_LIMIT_REDIS_URL: 'http://127.0.0.1:6379' });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.problems).toEqual([
        {
          variable: 'RATE_LIMIT_REDIS_URL',
          message: expect.stringContaining('redis://host:6379') as string,
        },
      ]);
    }
  });

  it('rejects a port above 65535', () => {
    expect(problemsOf({ PORT: '70000' }).map((problem) => problem.variable)).toEqual(['PORT']);
  });

  it('formats one message listing each problem', () => {
    const text = formatConfigProblems([
      { variable: 'PORT', message: 'a / b' },
      { variable: 'LOG_LEVEL', message: 'c / d' },
    ]);
    expect(text).toContain('ungültig');
    expect(text).toContain('invalid');
    expect(text).toContain('  - PORT: a / b\n  - LOG_LEVEL: c / d');
  });

  it('stops the server start with exit code 1 and the message on stderr', () => {
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    const result = spawnSync(tsx, [path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
      env: { PATH: process.env.PATH ?? '', PORT: 'abc', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Schirm kann nicht starten');
    expect(result.stderr).toContain('  - PORT: erwartet eine ganze Zahl');
    expect(result.stderr).toContain('  - LOG_LEVEL: erwartet eine von');
    expect(result.stdout).not.toContain('Schirm läuft');
  });
});
