// Request and response schemas of the identity API (docs/api/identity.md).
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { emailSchema } from '@schirm/domain/validation/email';
import { phoneSchema } from '@schirm/domain/validation/phone';
import { tanSchema } from '@schirm/domain/validation/tan';
import { POOLS } from '../../db/schema/identity';
import { errorEnvelopeSchema } from '../../platform/errors';
import type { SignedInSession } from './sessions';

const HEX_MESSAGE = 'Erwartet eine Hexadezimalzahl.';

/** A big integer in hex as tssrp6a writes it (3072-bit values have at most 768 digits). */
export const hexSchema = (maxDigits: number) =>
  z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]+$/, HEX_MESSAGE)
    .max(maxDigits)
    .transform((value) => value.toLowerCase());

export const srpValue = hexSchema(768);
export const saltSchema = hexSchema(128).describe('Salz (hex), vom Client gewürfelt, 32 Byte');
export const verifierSchema = srpValue.describe('SRP-Verifier v = g^x mod N (hex)');
export const sessionSchema = z
  .string()
  .min(20)
  .max(100)
  .describe('Undurchsichtiges Sitzungs-Token der Anmeldung');
export const poolSchema = z.enum(POOLS).describe('userPoolId aus der Pool-Konfiguration');
export const usernameSchema = z.string().trim().min(1).max(254).describe('Anmeldename (E-Mail-Adresse)');
export const mobileSchema = phoneSchema().describe('Mobilfunknummer im internationalen Format');
export const codeSchema = tanSchema.describe('6-stelliger Code');
export const linkTokenSchema = z.string().trim().min(20).max(100).describe('Token aus dem Link');
export const emailBodySchema = emailSchema;

export const acceptedSchema = z.object({ accepted: z.literal(true) });
export const ACCEPTED = { accepted: true as const };

export const verificationStartedSchema = z
  .object({
    verificationId: z.string(),
    destination: z.string().describe('Maskierte Mobilfunknummer'),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'TanVerifikation' });

export const tokenResponseSchema = z
  .object({
    accessToken: z.string(),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int(),
    expiresAt: z.iso.datetime(),
    user: z.object({
      pool: z.enum(POOLS),
      username: z.string(),
      nickname: z.string().nullable(),
      partnerId: z.string().nullable(),
      agentId: z.string().nullable(),
    }),
  })
  .meta({ id: 'TokenAntwort' });

export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<
    number,
    typeof errorEnvelopeSchema
  >;

export const REFRESH_COOKIE = 'schirm_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Sets the refresh cookie and answers the token response body. */
export function sendSession(reply: FastifyReply, session: SignedInSession, now: Date) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.max(0, Math.floor((session.refreshExpiresAt.getTime() - now.getTime()) / 1000)),
  });
  return {
    accessToken: session.accessToken,
    tokenType: 'Bearer' as const,
    expiresIn: session.expiresIn,
    expiresAt: session.expiresAt.toISOString(),
    user: session.user,
  };
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  });
}

export const accountSchema = z
  .object({
    pool: poolSchema,
    username: z.string(),
    email: z.string(),
    nickname: z.string().nullable(),
    handynummer: z.string().nullable(),
    telefon: z.string().nullable(),
    partnerId: z.string().nullable(),
    partnerNummer: z.string().nullable(),
    agentId: z.string().nullable(),
    vermittlerNummer: z.string().nullable(),
  })
  .meta({ id: 'Zugang' });
