import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_HOST_ENVIRONMENTS, ENVIRONMENTS, type Environment } from '@schirm/domain/environment';
import { validateIban } from '@schirm/domain/validation/iban';
import type { S3StorageConfig } from './files/s3-storage';
import { isSmsSender, parseSmsUrl } from './sms-url';

/** Repository root; relative paths in the configuration resolve against it, never against cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type TrustProxy = boolean | number | string[];

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL server URL; undefined means embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  filesDir: string;
  logLevel: LogLevel;
  webDistDir: string;
  seedDemo: boolean;
  /** Host name → environment: DEFAULT_HOST_ENVIRONMENTS merged with HOST_ENVIRONMENTS. */
  hostEnvironments: Readonly<Record<string, Environment>>;
  /** CSP frame-ancestors sources: which host pages may embed the portal in an iframe. */
  frameAncestors: readonly string[];
  trustProxy: TrustProxy;
  /** German text namespaces (packages/texts); fixed, not configurable by environment. */
  textsDir: string;
  /** Base URL of the web app as people reach it, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /** SMTP server for e-mails; undefined keeps e-mails in the development outbox. */
  smtpUrl: string | undefined;
  /** Sender of e-mails. */
  mailFrom: string;
  /** Redis/Valkey server for the HTTP rate-limit counters; undefined keeps them in the database (ADR 0013). */
  rateLimitRedisUrl: string | undefined;
  /** SMS transport (platform/sms-url.ts, ADR 0012); undefined keeps SMS in the development outbox. */
  smsUrl: string | undefined;
  /** Sender of SMS: an E.164 number or an alphanumeric sender id. */
  smsFrom: string;
  /** Ed25519 private key (PKCS#8 PEM) signing access tokens; undefined: a key file in keysDir. */
  jwtPrivateKey: string | undefined;
  /** Key for the HMAC of TANs and codes; undefined: a key file in keysDir. */
  identitySecret: string | undefined;
  /** Where key files generated on first start live (<DATA_DIR>/keys). */
  keysDir: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Whether this process runs the background jobs (pending changes, outbox delivery; ADR 0011). */
  jobs: boolean;
  /** Creditor identifier (Gläubiger-ID) of new SEPA direct-debit mandates. */
  sepaGlaeubigerId: string;
  /** The insurer's account customers transfer overdue premiums to (shown on the contract details page). */
  beitragskonto: { kontoinhaber: string; iban: string; bic: string };
  /** Development-only routes (outbox, gallery) on, for loopback peers only (platform/development-routes.ts). */
  developmentRoutes: boolean;
  /** S3-compatible object store for files (ADR 0025); undefined keeps them on disk in filesDir. */
  s3: S3StorageConfig | undefined;
  /** Most uploads attached to one claim, claim document or message. */
  uploadMaxFiles: number;
}

export interface ConfigDoc {
  name: string;
  default: string;
  description: string;
}

/** Every environment variable the server reads, with its default and meaning (source of the README table). */
export const CONFIG_DOCS: readonly ConfigDoc[] = [
  {
    name: 'PORT',
    default: '3000',
    description: 'TCP port of the HTTP server (API and web app); 0 picks a free port.',
  },
  {
    name: 'HOST',
    default: '127.0.0.1',
    description: 'Interface to listen on; use 0.0.0.0 inside containers.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL server URL (postgres://user:password@host:5432/db). Unset: embedded PGlite in <DATA_DIR>/pglite.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Data directory (relative to the repository root): PGlite in <DATA_DIR>/pglite, files in <DATA_DIR>/files.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: `Log level of the JSON logs on stdout: ${LOG_LEVELS.join(', ')}.`,
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description: 'Built web app served as the SPA (relative to the repository root).',
  },
  {
    name: 'SEED_DEMO',
    default: 'true',
    description: 'Seed the demo data set on first start (true/false); runs once per database.',
  },
  {
    name: 'HOST_ENVIRONMENTS',
    default: '(unset)',
    description:
      'Extra host=environment pairs, comma separated (e.g. portal.example.de=production), merged over the built-in ' +
      `host map; environments: ${ENVIRONMENTS.join(', ')}. Requests for unknown hosts are rejected.`,
  },
  {
    name: 'FRAME_ANCESTORS',
    default: "'self'",
    description:
      "CSP frame-ancestors: space-separated sources of host pages allowed to embed the portal in an iframe (e.g. 'self' https://partner.example.de).",
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust X-Forwarded-* headers from a reverse proxy: true/false, a number of proxy hops, or comma-separated proxy addresses/CIDRs.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:<PORT>',
    description:
      'Base URL of the web app as people reach it; links in e-mails (registration, e-mail change) start with it.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'SMTP server for e-mails (smtp://user:password@host:587 or smtps://…). Unset: e-mails stay in the development outbox.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Schirm <noreply@schirm.de>',
    description: 'Sender address of e-mails.',
  },
  {
    name: 'RATE_LIMIT_REDIS_URL',
    default: '(unset)',
    description:
      'Redis or Valkey server (redis://host:6379 or rediss://…) for the request rate limits of all server processes. Unset: the counters live in the database (table rate_limit_counters).',
  },
  {
    name: 'SMS_URL',
    default: '(unset)',
    description:
      'SMS transport (ADR 0012): twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com for Twilio, or an HTTP gateway https://user:password@host/path (or https://TOKEN@host/path for a bearer token) that takes a JSON POST {to, text, from}. Unset: SMS stay in the development outbox.',
  },
  {
    name: 'SMS_FROM',
    default: 'Schirm',
    description:
      'Sender of SMS: an E.164 number (+4915…) or an alphanumeric sender id of at most 11 characters, as the provider allows.',
  },
  {
    name: 'JOBS',
    default: 'true',
    description:
      'Run the background jobs in this process (true/false): saved contract changes applied when their effective date comes (at start and hourly), e-mails and SMS delivered. They run on a queue in the database (ADR 0011), so any number of processes may have it on; each job runs once.',
  },
  {
    name: 'PENDING_CHANGES_JOB',
    default: '(unset)',
    description: 'Former name of JOBS (true/false), read when JOBS is unset.',
  },
  {
    name: 'DEVELOPMENT_ROUTES',
    default: 'false',
    description:
      'Development-only routes (the outbox of e-mails and SMS under /entwicklung/postausgang, the component gallery) on (true/false); they answer only to requests whose TCP peer is a loopback address, never decided by a header. `npm start` switches them on for its local profile unless set; not allowed together with TRUST_PROXY.',
  },
  {
    name: 'SEPA_GLAEUBIGER_ID',
    default: 'DE98ZZZ09999999999',
    description:
      "Creditor identifier (Gläubiger-ID) written into new SEPA direct-debit mandates; the default is the Bundesbank's test identifier.",
  },
  {
    name: 'PREMIUM_ACCOUNT_HOLDER',
    default: 'Schirm Versicherung AG',
    description:
      'Recipient of premium transfers, shown with the account below to customers whose premium is overdue.',
  },
  {
    name: 'PREMIUM_ACCOUNT_IBAN',
    default: 'DE66370501980012345678',
    description:
      "IBAN customers transfer overdue premiums to (reference: the contract number). The default is a made-up demo account; set the insurer's real account in production.",
  },
  {
    name: 'PREMIUM_ACCOUNT_BIC',
    default: 'COLSDE33XXX',
    description: 'BIC of PREMIUM_ACCOUNT_IBAN (8 or 11 characters).',
  },
  {
    name: 'JWT_PRIVATE_KEY',
    default: '(unset)',
    description:
      'Ed25519 private key (PKCS#8 PEM) signing access tokens; all server processes need the same key. Unset: <DATA_DIR>/keys/jwt-ed25519.pem, generated on first start.',
  },
  {
    name: 'IDENTITY_SECRET',
    default: '(unset)',
    description:
      'Secret (at least 32 characters) for the HMAC of TANs and e-mailed codes and for the fake answers to unknown sign-in names. Unset: <DATA_DIR>/keys/identity-secret, generated on first start.',
  },
  {
    name: 'ACCESS_TOKEN_TTL',
    default: '10m',
    description: 'Lifetime of an access token: seconds or a number with s, m, h or d (e.g. 10m).',
  },
  {
    name: 'REFRESH_TOKEN_TTL',
    default: '12h',
    description:
      'Longest a sign-in lasts: lifetime of the refresh-token family from sign-in; rotation does not extend it.',
  },
  {
    name: 'ZUERS_FILE',
    default: 'apps/server/reference-data/zuers/zuers-synthetic.csv',
    description:
      "ZÜRS flood-zone file (relative to the repository root) in the format of docs/DATA.md: the operator's licensed GDV data. Unset: the documented synthetic file.",
  },
  {
    name: 'KFZ_CLASSES_FILE',
    default: '(unset: synthetic table)',
    description:
      "Motor class table (type classes by HSN/TSN, regional classes by postcode; absolute, or relative to the repository root) in the format of docs/tariffs/kfz.md: the operator's licensed GDV classes. Read once at start; a bad file stops the start. Unset: the documented synthetic table DEFAULT_KFZ_CLASS_TABLE.",
  },
  {
    name: 'S3_BUCKET',
    default: '(unset)',
    description:
      'Bucket of an S3-compatible object store (AWS S3, MinIO, Ceph …) for all files (documents, uploads; ADR 0025). Unset: files stay on disk in <DATA_DIR>/files. Needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
  },
  {
    name: 'S3_ENDPOINT',
    default: '(unset: AWS)',
    description:
      'URL of the S3-compatible server (e.g. http://127.0.0.1:9000 for MinIO); unset: AWS S3 of S3_REGION. With an endpoint, path-style URLs are used.',
  },
  {
    name: 'S3_REGION',
    default: 'eu-central-1',
    description: 'Region of the bucket (any value for stores without regions).',
  },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: '(unset)',
    description: 'Access key of the object store; required with S3_BUCKET.',
  },
  {
    name: 'S3_SECRET_ACCESS_KEY',
    default: '(unset)',
    description: 'Secret key of the object store; required with S3_BUCKET.',
  },
  {
    name: 'S3_PREFIX',
    default: '(empty)',
    description: "Prefix of every object key in the bucket (e.g. 'schirm/'), when the bucket is shared.",
  },
  {
    name: 'UPLOAD_MAX_FILES',
    default: '20',
    description:
      'Most uploaded files attached to one claim, one requested claim document or one message (1 to 1000). Each file may have up to 200,000,000 bytes.',
  },
];

// Each message is bilingual because the person starting the server may read either language.
const bilingual = (de: string, en: string) => `${de} / ${en}`;
const msg = (de: string, en: string) => ({ error: bilingual(de, en) });

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const booleanText = z
  .enum(
    ['true', 'false', '1', '0', 'yes', 'no', 'ja', 'nein'],
    msg('erwartet true oder false', 'expected true or false'),
  )
  .transform((value) => ['true', '1', 'yes', 'ja'].includes(value));

const hostSource =
  /^(?:[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?(?:\/[^\s;,']*)?)$/i;

const frameAncestorsSchema = z
  .string()
  .transform((value) => value.trim().split(/\s+/))
  .refine(
    (sources) =>
      sources.every((source) => source === "'self'" || source === "'none'" || hostSource.test(source)) &&
      (!sources.includes("'none'") || sources.length === 1),
    msg(
      "erwartet CSP-Quellen wie 'self' oder https://partner.example.de, durch Leerzeichen getrennt ('none' nur allein)",
      "expected CSP sources such as 'self' or https://partner.example.de, separated by spaces ('none' only alone)",
    ),
  );

const hostEnvironmentsSchema = z.string().transform((value, context) => {
  const map: Record<string, Environment> = {};
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [host, environment, ...rest] = pair.split('=').map((part) => part.trim().toLowerCase());
    if (
      !host ||
      !environment ||
      rest.length > 0 ||
      !(ENVIRONMENTS as readonly string[]).includes(environment)
    ) {
      context.addIssue({
        code: 'custom',
        message: bilingual(
          `„${pair}“ ist kein Paar host=umgebung (Umgebungen: ${ENVIRONMENTS.join(', ')})`,
          `"${pair}" is not a host=environment pair (environments: ${ENVIRONMENTS.join(', ')})`,
        ),
      });
      return z.NEVER;
    }
    map[host] = environment as Environment;
  }
  return map;
});

const trustProxySchema = z.string().transform((value, context): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text.split(',').map((part) => part.trim());
  if (addresses.every((address) => /^[0-9a-f.:]+(?:\/\d{1,3})?$/.test(address) && address.length > 1))
    return addresses;
  context.addIssue({
    code: 'custom',
    message: bilingual(
      'erwartet true, false, eine Anzahl Proxy-Stufen oder Proxy-Adressen/CIDRs mit Komma getrennt',
      'expected true, false, a number of proxy hops or comma-separated proxy addresses/CIDRs',
    ),
  });
  return z.NEVER;
});

const DURATION_UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

const durationSchema = z.string().transform((value, context) => {
  const match = /^(\d{1,7})\s*([smhd]?)$/.exec(value.trim().toLowerCase());
  const seconds = match ? Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1) : 0;
  if (seconds > 0) return seconds;
  context.addIssue({
    code: 'custom',
    message: bilingual(
      'erwartet eine Dauer wie 600, 10m, 12h oder 30d (größer als 0)',
      'expected a duration such as 600, 10m, 12h or 30d (greater than 0)',
    ),
  });
  return z.NEVER;
});

const envSchema = z
  .object({
    PORT: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .default('3000')
        .pipe(
          z
            .string()
            .regex(
              /^\d{1,5}$/,
              msg('erwartet eine ganze Zahl von 0 bis 65535', 'expected an integer from 0 to 65535'),
            )
            .transform(Number)
            .pipe(
              z
                .number()
                .max(
                  65535,
                  msg('erwartet eine ganze Zahl von 0 bis 65535', 'expected an integer from 0 to 65535'),
                ),
            ),
        ),
    ),
    HOST: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(/^\S+$/, msg('darf keine Leerzeichen enthalten', 'must not contain spaces'))
        .default('127.0.0.1'),
    ),
    DATABASE_URL: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          (value) => /^postgres(?:ql)?:\/\//.test(value) && URL.canParse(value),
          msg(
            'erwartet eine URL wie postgres://user:passwort@host:5432/datenbank',
            'expected a URL such as postgres://user:password@host:5432/database',
          ),
        )
        .optional(),
    ),
    DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('./data')),
    LOG_LEVEL: z.preprocess(
      emptyAsUnset,
      z
        .enum(
          LOG_LEVELS,
          msg(`erwartet eine von: ${LOG_LEVELS.join(', ')}`, `expected one of: ${LOG_LEVELS.join(', ')}`),
        )
        .default('info'),
    ),
    WEB_DIST_DIR: z.preprocess(emptyAsUnset, z.string().default('apps/web/dist')),
    SEED_DEMO: z.preprocess(emptyAsUnset, booleanText.default(true)),
    HOST_ENVIRONMENTS: z.preprocess(emptyAsUnset, hostEnvironmentsSchema.default({})),
    FRAME_ANCESTORS: z.preprocess(emptyAsUnset, frameAncestorsSchema.default(["'self'"])),
    TRUST_PROXY: z.preprocess(emptyAsUnset, trustProxySchema.default(false)),
    PUBLIC_URL: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          (value) => /^https?:\/\//.test(value) && URL.canParse(value),
          msg(
            'erwartet eine URL wie https://portal.example.de',
            'expected a URL such as https://portal.example.de',
          ),
        )
        .transform((value) => value.replace(/\/+$/, ''))
        .optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          (value) => /^smtps?:\/\//.test(value) && URL.canParse(value),
          msg(
            'erwartet eine URL wie smtp://user:passwort@host:587',
            'expected a URL such as smtp://user:password@host:587',
          ),
        )
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyAsUnset, z.string().default('Schirm <noreply@schirm.de>')),
    RATE_LIMIT_REDIS_URL: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          (value) => /^rediss?:\/\//.test(value) && URL.canParse(value),
          msg('erwartet eine URL wie redis://host:6379', 'expected a URL such as redis://host:6379'),
        )
        .optional(),
    ),
    SMS_URL: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .superRefine((value, context) => {
          const parsed = parseSmsUrl(value);
          if (!parsed.ok) context.addIssue({ code: 'custom', message: bilingual(parsed.de, parsed.en) });
        })
        .optional(),
    ),
    SMS_FROM: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          isSmsSender,
          msg(
            'erwartet eine Nummer wie +4915112345678 oder eine Absenderkennung aus höchstens 11 Buchstaben und Ziffern',
            'expected a number such as +4915112345678 or a sender id of at most 11 letters and digits',
          ),
        )
        .default('Schirm'),
    ),
    JOBS: z.preprocess(emptyAsUnset, booleanText.optional()),
    PENDING_CHANGES_JOB: z.preprocess(emptyAsUnset, booleanText.optional()),
    SEPA_GLAEUBIGER_ID: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(
          /^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/,
          msg(
            'erwartet eine Gläubiger-ID wie DE98ZZZ09999999999',
            'expected a creditor id such as DE98ZZZ09999999999',
          ),
        )
        .default('DE98ZZZ09999999999'),
    ),
    PREMIUM_ACCOUNT_HOLDER: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .trim()
        .min(2, msg('erwartet den Namen des Kontoinhabers', 'expected the account holder name'))
        .default('Schirm Versicherung AG'),
    ),
    PREMIUM_ACCOUNT_IBAN: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .transform((value) => value.replace(/\s+/g, '').toUpperCase())
        .refine(
          (value) => validateIban(value).valid,
          msg(
            'erwartet eine gültige IBAN wie DE66370501980012345678',
            'expected a valid IBAN such as DE66370501980012345678',
          ),
        )
        .default('DE66370501980012345678'),
    ),
    PREMIUM_ACCOUNT_BIC: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(
          /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/,
          msg('erwartet eine BIC wie COLSDE33XXX', 'expected a BIC such as COLSDE33XXX'),
        )
        .default('COLSDE33XXX'),
    ),
    JWT_PRIVATE_KEY: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          (value) => value.includes('-----BEGIN PRIVATE KEY-----'),
          msg(
            'erwartet einen Ed25519-Schlüssel im PKCS#8-PEM-Format',
            'expected an Ed25519 key in PKCS#8 PEM format',
          ),
        )
        .optional(),
    ),
    IDENTITY_SECRET: z.preprocess(
      emptyAsUnset,
      z.string().min(32, msg('erwartet mindestens 32 Zeichen', 'expected at least 32 characters')).optional(),
    ),
    ACCESS_TOKEN_TTL: z.preprocess(emptyAsUnset, durationSchema.default(600)),
    REFRESH_TOKEN_TTL: z.preprocess(emptyAsUnset, durationSchema.default(43_200)),
    DEVELOPMENT_ROUTES: z.preprocess(emptyAsUnset, booleanText.default(false)),
    S3_BUCKET: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          msg(
            'erwartet einen Bucket-Namen wie schirm-dateien',
            'expected a bucket name such as schirm-files',
          ),
        )
        .optional(),
    ),
    S3_ENDPOINT: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          (value) => /^https?:\/\//.test(value) && URL.canParse(value),
          msg('erwartet eine URL wie http://127.0.0.1:9000', 'expected a URL such as http://127.0.0.1:9000'),
        )
        .optional(),
    ),
    S3_REGION: z.preprocess(emptyAsUnset, z.string().default('eu-central-1')),
    S3_ACCESS_KEY_ID: z.preprocess(emptyAsUnset, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
    S3_PREFIX: z.preprocess(emptyAsUnset, z.string().default('')),
    UPLOAD_MAX_FILES: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .default('20')
        .pipe(
          z
            .string()
            .regex(/^\d{1,4}$/, msg('erwartet eine Zahl von 1 bis 1000', 'expected a number from 1 to 1000'))
            .transform(Number)
            .pipe(
              z
                .number()
                .min(1, msg('erwartet eine Zahl von 1 bis 1000', 'expected a number from 1 to 1000'))
                .max(1000, msg('erwartet eine Zahl von 1 bis 1000', 'expected a number from 1 to 1000')),
            ),
        ),
    ),
  })
  .superRefine((vars, context) => {
    // Behind a reverse proxy on the same machine every request arrives from a loopback address.
    if (vars.DEVELOPMENT_ROUTES && vars.TRUST_PROXY !== false) {
      context.addIssue({
        code: 'custom',
        path: ['DEVELOPMENT_ROUTES'],
        message: bilingual(
          'nicht zusammen mit TRUST_PROXY: hinter einem Proxy kommt jede Anfrage von dessen Adresse',
          'not together with TRUST_PROXY: behind a proxy every request comes from its address',
        ),
      });
    }
    if (vars.S3_BUCKET !== undefined) {
      for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (vars[name] === undefined) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: bilingual('wird mit S3_BUCKET gebraucht', 'needed with S3_BUCKET'),
          });
        }
      }
    }
  });

export interface ConfigProblem {
  variable: string;
  message: string;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; problems: ConfigProblem[] };

/** Reads and validates the configuration from environment variables. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '?'),
        message: issue.message,
      })),
    };
  }
  const vars = result.data;
  const dataDir = path.resolve(REPO_ROOT, vars.DATA_DIR);
  return {
    ok: true,
    config: {
      port: vars.PORT,
      host: vars.HOST,
      databaseUrl: vars.DATABASE_URL,
      dataDir,
      pgliteDir: path.join(dataDir, 'pglite'),
      filesDir: path.join(dataDir, 'files'),
      logLevel: vars.LOG_LEVEL,
      webDistDir: path.resolve(REPO_ROOT, vars.WEB_DIST_DIR),
      seedDemo: vars.SEED_DEMO,
      hostEnvironments: { ...DEFAULT_HOST_ENVIRONMENTS, ...vars.HOST_ENVIRONMENTS },
      frameAncestors: vars.FRAME_ANCESTORS,
      trustProxy: vars.TRUST_PROXY,
      textsDir: path.join(REPO_ROOT, 'packages/texts'),
      publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
      smtpUrl: vars.SMTP_URL,
      mailFrom: vars.MAIL_FROM,
      rateLimitRedisUrl: vars.RATE_LIMIT_REDIS_URL,
      smsUrl: vars.SMS_URL,
      smsFrom: vars.SMS_FROM,
      jwtPrivateKey: vars.JWT_PRIVATE_KEY,
      identitySecret: vars.IDENTITY_SECRET,
      keysDir: path.join(dataDir, 'keys'),
      accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL,
      refreshTokenTtlSeconds: vars.REFRESH_TOKEN_TTL,
      jobs: vars.JOBS ?? vars.PENDING_CHANGES_JOB ?? true,
      sepaGlaeubigerId: vars.SEPA_GLAEUBIGER_ID,
      beitragskonto: {
        kontoinhaber: vars.PREMIUM_ACCOUNT_HOLDER,
        iban: vars.PREMIUM_ACCOUNT_IBAN,
        bic: vars.PREMIUM_ACCOUNT_BIC,
      },
      developmentRoutes: vars.DEVELOPMENT_ROUTES,
      s3:
        vars.S3_BUCKET === undefined
          ? undefined
          : {
              endpoint: vars.S3_ENDPOINT,
              bucket: vars.S3_BUCKET,
              region: vars.S3_REGION,
              accessKeyId: vars.S3_ACCESS_KEY_ID ?? '',
              secretAccessKey: vars.S3_SECRET_ACCESS_KEY ?? '',
              forcePathStyle: vars.S3_ENDPOINT !== undefined,
              prefix: vars.S3_PREFIX,
            },
      uploadMaxFiles: vars.UPLOAD_MAX_FILES,
    },
  };
}

/** One message for stderr naming every bad variable, in German and English. */
export function formatConfigProblems(problems: readonly ConfigProblem[]): string {
  const lines = problems.map(({ variable, message }) => `  - ${variable}: ${message}`);
  return [
    'Schirm kann nicht starten: die Konfiguration ist ungültig. / Schirm cannot start: the configuration is invalid.',
    ...lines,
    'Siehe README, Abschnitt Konfiguration. / See the README, section Configuration.',
  ].join('\n');
}

/** Loads the configuration at boot; on error prints every problem to stderr and exits with code 1. */
export function loadConfigOrExit(env: Readonly<Record<string, string | undefined>> = process.env): AppConfig {
  const result = parseConfig(env);
  if (result.ok) return result.config;
  process.stderr.write(`${formatConfigProblems(result.problems)}\n`);
  process.exit(1);
}
