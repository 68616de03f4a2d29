// Transports of the outbox. The development transport keeps a message in the table (with its body)
// for the development outbox page; delivering transports hand it to SMTP or an SMS provider.
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../platform/config';

export interface OutgoingMessage {
  to: string;
  subject: string | null;
  body: string;
  /** A file the e-mail carries (SMS never have one). */
  attachment?: { name: string; content: Buffer };
}

export interface DeliveringTransport {
  kind: 'delivering';
  /** For logs, e.g. 'smtp'. */
  name: string;
  send(message: OutgoingMessage): Promise<void>;
}

export type Transport = { kind: 'development' } | DeliveringTransport;

/**
 * What an SMS provider adapter implements. No provider ships with Schirm: an operator adds one
 * (e.g. for the provider's HTTP API) and passes it to createTransports; until then SMS stay in the
 * development outbox.
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
        ...(message.attachment
          ? { attachments: [{ filename: message.attachment.name, content: message.attachment.content }] }
          : {}),
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

/** The transports of a configuration: SMTP when SMTP_URL is set, the given SMS provider, else development. */
export function createTransports(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
  smsProvider?: SmsProviderAdapter,
): Transports {
  return {
    email: config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : DEVELOPMENT_TRANSPORT,
    sms: smsProvider ? smsProviderTransport(smsProvider) : DEVELOPMENT_TRANSPORT,
  };
}
