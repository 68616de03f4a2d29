// Transports of the outbox. The development transport keeps a message in the table (with its body)
// for the development outbox page; delivering transports hand it to SMTP or an SMS provider:
// SMTP_URL selects SMTP, SMS_URL Twilio or an HTTP gateway (ADR 0012).
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../platform/config';
import { parseSmsUrl } from '../../platform/sms-url';
import type { DeliveringTransport } from './delivery';
import { createSmsTransport } from './sms-transports';

export { PermanentDeliveryError, type DeliveringTransport, type OutgoingMessage } from './delivery';

export type Transport = { kind: 'development' } | DeliveringTransport;

/**
 * What an SMS provider adapter implements: a provider without a transport of its own (SMS_URL names
 * Twilio or an HTTP gateway) can be passed to createTransports in code. Throwing
 * PermanentDeliveryError marks the message FAILED at once; any other error is retried.
 */
export interface SmsProviderAdapter {
  name: string;
  sendSms(to: string, text: string): Promise<void>;
}

export interface Transports {
  email: Transport;
  sms: Transport;
}

export const DEVELOPMENT_TRANSPORT: Transport = { kind: 'development' };

/** SMTP through nodemailer; `url` as in SMTP_URL (smtp:// or smtps://). */
export function createSmtpTransport(url: string, from: string): DeliveringTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'delivering',
    name: 'smtp',
    send: async (message) => {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.body,
        attachments: [
          ...(message.attachment ? [message.attachment] : []),
          ...(message.moreAttachments ?? []),
        ].map((file) => ({ filename: file.name, content: file.content })),
      });
    },
  };
}

/** Wraps an SMS provider adapter as a transport. */
export function smsProviderTransport(adapter: SmsProviderAdapter): DeliveringTransport {
  return {
    kind: 'delivering',
    name: adapter.name,
    send: (message) => adapter.sendSms(message.to, message.body),
  };
}

/**
 * The transports of a configuration: SMTP when SMTP_URL is set; for SMS the given adapter, else the
 * transport SMS_URL names; otherwise development (kept in the outbox table).
 */
export function createTransports(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'smsUrl' | 'smsFrom'>,
  smsProvider?: SmsProviderAdapter,
): Transports {
  return {
    email: config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : DEVELOPMENT_TRANSPORT,
    sms: smsProvider ? smsProviderTransport(smsProvider) : smsUrlTransport(config.smsUrl, config.smsFrom),
  };
}

function smsUrlTransport(smsUrl: string | undefined, from: string): Transport {
  if (!smsUrl) return DEVELOPMENT_TRANSPORT;
  const parsed = parseSmsUrl(smsUrl);
  // parseConfig validated SMS_URL at start; a bad value here is a programming error.
  if (!parsed.ok) throw new Error(`SMS_URL is invalid: ${parsed.en}`);
  return createSmsTransport(parsed.target, from);
}
