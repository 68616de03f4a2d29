// Random values and their stored forms. Opaque tokens (sessions, links, refresh tokens) are stored
// as SHA-256: they carry 256 random bits, so a fast hash is enough. Six-digit codes have only a
// million values, so they are stored as HMAC-SHA256 with the server's secret, bound to the row
// they belong to: a database copy alone does not reveal them.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { passwordSchema } from '@schirm/domain/validation/password';

/** 256 random bits, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** HMAC-SHA256 over the parts (separated so that ('ab','c') and ('a','bc') differ), as hex. */
export function hmacHex(secret: Buffer, ...parts: string[]): string {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(`${part.length}:${part}|`, 'utf8');
  return mac.digest('hex');
}

/** A uniformly random six-digit code (TAN, reset code). */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Compares two hex digests in constant time. */
export function equalDigests(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!#$%&*+-=?@_';
const ALL = LOWER + UPPER + DIGITS + SPECIAL;

function pick(alphabet: string): string {
  return alphabet[randomInt(0, alphabet.length)] ?? '';
}

/**
 * A random initial password of 16 characters meeting the policy of spec §5; look-alike
 * characters (l, 1, O, 0, I) are left out because people type it from an e-mail.
 */
export function randomInitialPassword(): string {
  for (;;) {
    const characters = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
    while (characters.length < 16) characters.push(pick(ALL));
    for (let index = characters.length - 1; index > 0; index -= 1) {
      const other = randomInt(0, index + 1);
      [characters[index], characters[other]] = [characters[other] ?? '', characters[index] ?? ''];
    }
    const password = characters.join('');
    if (passwordSchema.safeParse(password).success) return password;
  }
}

/** A mobile number for people with most digits hidden, e.g. '+49 ••• ••••• 78'. */
export function maskMobile(mobile: string): string {
  const country = mobile.startsWith('+49') ? '+49' : mobile.slice(0, 3);
  return `${country} ••• ••••• ${mobile.slice(-2)}`;
}

/** An e-mail address with the local part mostly hidden, e.g. 'a•••@example.com'. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
