// SMS transports selected by SMS_URL (ADR 0012): Twilio through its official client, or any HTTP
// gateway that takes a JSON POST. Each says whether an error is worth a retry: the provider refusing
// the message (4xx: invalid number, unknown sender, bad credentials) is permanent, an unreachable or
// failing provider (network error, time-out, 408, 429, 5xx) is retried by the outbox with back-off.
// Error texts carry no full phone number and never the message text: they end up in logs and in
// outbox_messages.last_error.
// Types only: the package itself is imported on the first SMS.
import type Twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';
import type { SmsTarget } from '../../platform/sms-url';
import { PermanentDeliveryError, type DeliveringTransport } from './delivery';

/** How long one request to the provider may take before it counts as failed (and is retried). */
export const SMS_REQUEST_TIMEOUT_MS = 10_000;

/** Phone numbers in a text with all but their last two digits hidden, e.g. '+49•••••••••01'. */
export function maskPhoneNumbers(text: string): string {
  return text.replace(/\+?\d[\d ()/-]{5,}\d/g, (number) => {
    const digits = number.replace(/\D/g, '');
    return `${number.startsWith('+') ? '+' : ''}${'•'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
  });
}

/** Whether an HTTP status from a provider means "try again later" rather than "never". */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

function failureOf(status: number, description: string): Error {
  const message = maskPhoneNumbers(description).slice(0, 300);
  return isRetryableStatus(status) ? new Error(message) : new PermanentDeliveryError(message);
}

function networkFailure(provider: string, error: unknown): Error {
  const cause = error as { code?: unknown; name?: unknown; message?: unknown };
  const what =
    typeof cause.code === 'string'
      ? cause.code
      : cause.name === 'TimeoutError'
        ? `no answer within ${SMS_REQUEST_TIMEOUT_MS} ms`
        : String(cause.message ?? error);
  return new Error(`${provider} not reachable: ${maskPhoneNumbers(what)}`);
}

type TwilioClient = Twilio.Twilio;
type TwilioRequestOptions<TData> = TwilioRequestClient.RequestOptions<TData>;

/**
 * Twilio's Programmable Messaging API through the `twilio` package, imported on the first SMS so a
 * server without SMS_URL never loads it. A target origin other than https://api.twilio.com (a local
 * fake in tests) is reached through the client's documented custom HTTP client hook.
 */
export function createTwilioTransport(
  target: Extract<SmsTarget, { provider: 'twilio' }>,
  from: string,
): DeliveringTransport {
  let client: Promise<TwilioClient> | undefined;
  const clientOf = () =>
    (client ??= import('twilio').then(({ default: twilio }) => {
      const origin = target.apiOrigin;
      class OriginRequestClient extends twilio.RequestClient {
        override request<TData>(opts: TwilioRequestOptions<TData>) {
          const uri = new URL(opts.uri);
          return super.request({ ...opts, uri: `${origin}${uri.pathname}${uri.search}` });
        }
      }
      const httpClient =
        origin === 'https://api.twilio.com'
          ? new twilio.RequestClient({ timeout: SMS_REQUEST_TIMEOUT_MS })
          : new OriginRequestClient({ timeout: SMS_REQUEST_TIMEOUT_MS });
      return twilio(target.accountSid, target.authToken, { httpClient });
    }));
  return {
    kind: 'delivering',
    name: 'twilio',
    send: async (message) => {
      const twilioClient = await clientOf();
      try {
        await twilioClient.messages.create({ to: message.to, from, body: message.body });
      } catch (error) {
        const rest = error as { status?: unknown; code?: unknown; message?: unknown };
        if (typeof rest.status === 'number') {
          throw failureOf(
            rest.status,
            `Twilio answered ${rest.status}${typeof rest.code === 'number' ? ` (error ${rest.code})` : ''}: ${String(rest.message ?? '')}`,
          );
        }
        throw networkFailure('Twilio', error);
      }
    },
  };
}

/**
 * A generic HTTP gateway: POST of `{ "to": "+49…", "text": "…", "from": "…" }` as JSON to the URL, with
 * basic auth or a bearer token from SMS_URL; any 2xx answer means the gateway took the SMS.
 */
export function createHttpGatewayTransport(
  target: Extract<SmsTarget, { provider: 'http' }>,
  from: string,
): DeliveringTransport {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    accept: 'application/json, text/plain, */*',
  };
  if (target.auth.kind === 'basic') {
    const pair = `${target.auth.user}:${target.auth.password}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else if (target.auth.kind === 'bearer') {
    headers.authorization = `Bearer ${target.auth.token}`;
  }
  return {
    kind: 'delivering',
    name: 'sms-gateway',
    send: async (message) => {
      let response: Response;
      try {
        response = await fetch(target.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: message.to, text: message.body, from }),
          redirect: 'error',
          signal: AbortSignal.timeout(SMS_REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw networkFailure('SMS gateway', error);
      }
      // Read (and so release) the answer in every case; only its start goes into an error text.
      const answer = await response.text().catch(() => '');
      if (response.ok) return;
      throw failureOf(response.status, `SMS gateway answered ${response.status}: ${answer.slice(0, 200)}`);
    },
  };
}

/** The transport SMS_URL names. */
export function createSmsTransport(target: SmsTarget, from: string): DeliveringTransport {
  return target.provider === 'twilio'
    ? createTwilioTransport(target, from)
    : createHttpGatewayTransport(target, from);
}
