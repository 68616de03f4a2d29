// SMS_URL: which SMS transport delivers the SMS of the outbox (ADR 0012). Parsed at start, so a bad
// value stops the server with a message instead of failing at the first TAN.
//
//   twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com   Twilio's Programmable Messaging API
//   https://user:password@gateway.example/send?…     any HTTP gateway: JSON POST { to, text, from }
//   https://TOKEN@gateway.example/send               the same with `Authorization: Bearer TOKEN`
//
// Plain HTTP (twilio:// to a loopback host, http://) is accepted only to a loopback address: a local
// fake of the provider in tests or a relay on the same machine. Credentials never travel in clear
// text over a network.

export type SmsGatewayAuth =
  { kind: 'basic'; user: string; password: string } | { kind: 'bearer'; token: string } | { kind: 'none' };

export type SmsTarget =
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      /** Origin the client talks to: https://api.twilio.com, or http://127.0.0.1:… for a local fake. */
      apiOrigin: string;
    }
  | {
      provider: 'http';
      /** The gateway URL without its credentials (query kept). */
      url: string;
      auth: SmsGatewayAuth;
    };

export type SmsUrlResult = { ok: true; target: SmsTarget } | { ok: false; de: string; en: string };

const TWILIO_ACCOUNT_SID = /^AC[0-9a-f]{32}$/i;

/** 127.0.0.0/8, ::1 and localhost: the only hosts plain HTTP may go to. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

const EXPECTED = {
  de: 'erwartet twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com oder eine Gateway-URL wie https://user:passwort@gateway.example.de/sms',
  en: 'expected twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com or a gateway URL such as https://user:password@gateway.example.com/sms',
};

function failure(de: string, en: string): SmsUrlResult {
  return { ok: false, de, en };
}

/** Reads SMS_URL; the messages of a failure are for the person starting the server. */
export function parseSmsUrl(text: string): SmsUrlResult {
  if (!URL.canParse(text)) return failure(EXPECTED.de, EXPECTED.en);
  const url = new URL(text);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const loopback = isLoopbackHost(url.hostname);

  if (url.protocol === 'twilio:') {
    if (!url.hostname) return failure(EXPECTED.de, EXPECTED.en);
    if (!TWILIO_ACCOUNT_SID.test(user) || !password) {
      return failure(
        'erwartet twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com mit der Account SID (AC und 32 Hexziffern) und dem Auth Token',
        'expected twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com with the Account SID (AC and 32 hex digits) and the auth token',
      );
    }
    const scheme = loopback ? 'http' : 'https';
    return {
      ok: true,
      target: {
        provider: 'twilio',
        accountSid: user,
        authToken: password,
        apiOrigin: `${scheme}://${url.host}`,
      },
    };
  }

  if (url.protocol === 'https:' || url.protocol === 'http:') {
    if (url.protocol === 'http:' && !loopback) {
      return failure(
        'unverschlüsseltes http:// nur zu einer Adresse dieses Rechners (127.0.0.1, localhost); sonst https://',
        'plain http:// only to an address of this machine (127.0.0.1, localhost); otherwise https://',
      );
    }
    const auth: SmsGatewayAuth =
      user && password
        ? { kind: 'basic', user, password }
        : user
          ? { kind: 'bearer', token: user }
          : { kind: 'none' };
    const bare = new URL(url.href);
    bare.username = '';
    bare.password = '';
    return { ok: true, target: { provider: 'http', url: bare.href, auth } };
  }

  return failure(EXPECTED.de, EXPECTED.en);
}

/** The SMS sender: an E.164 number or an alphanumeric sender id of at most 11 characters. */
export function isSmsSender(text: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(text) || /^(?=.*[A-Za-z])[A-Za-z0-9 .-]{1,11}$/.test(text);
}
