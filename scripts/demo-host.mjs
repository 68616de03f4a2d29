// The demo host (issue 16): a partner's own website on a second origin that embeds the portal with
// the SDK, as a partner's developer would build it. `/` is the bike shop 'Radhaus Müller' with the
// Fahrrad application (`/?produkt=<slug>`: any other product's application, e.g. hausrat or kfz);
// `/kundenbereich.html` is the bank 'Hausbank Nord' with the customer area for its signed-in
// customers. Only node:http, no dependency.
//
//   node scripts/demo-host.mjs        → http://localhost:3001 (DEMO_HOST_PORT), portal PORTAL_ORIGIN
//                                        (default http://localhost:3000)
//
// The bank's token exchange (POST /api/einbettung/token with the partner's key and secret) runs
// here, on the host's server: the secret never reaches a browser. Its sign-in is a demo one: the
// customer names her Partnernummer and gets a session cookie of this server.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'demo-host');

/** The bank's partner key and the demo secret the portal's demo data gives it (README). */
export const BANK_PARTNER_KEY = 'hausbank-nord';
export const DEMO_BANK_SECRET = process.env.DEMO_BANK_SECRET ?? 'demo-hausbank-geheim';

const FILES = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/kundenbereich.html': { file: 'kundenbereich.html', type: 'text/html; charset=utf-8' },
  '/demo-host.css': { file: 'demo-host.css', type: 'text/css; charset=utf-8' },
  '/demo-host.js': { file: 'demo-host.js', type: 'text/javascript; charset=utf-8' },
};

const SESSION_COOKIE = 'hausbank_sitzung';
const PARTNER_NUMBER = /^\d{10}$/;

function send(response, status, body, headers = {}) {
  response.writeHead(status, { 'cache-control': 'no-store', ...headers });
  response.end(body);
}

function sendJson(response, status, value, headers = {}) {
  send(response, status, JSON.stringify(value), { 'content-type': 'application/json', ...headers });
}

async function readJson(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > 10_000) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return undefined;
  }
}

function cookieOf(request, name) {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Starts the demo host. `portalOrigin` is where the portal runs (its SDK, its iframe pages and the
 * token exchange); `bankSecret` the secret of the partner 'hausbank-nord'.
 */
export async function startDemoHost({
  port = 3001,
  host = '127.0.0.1',
  portalOrigin = 'http://localhost:3000',
  bankSecret = DEMO_BANK_SECRET,
} = {}) {
  const portal = new URL(portalOrigin).origin;
  /** Demo sessions of the bank: session id → Partnernummer (in memory, gone on restart). */
  const sessions = new Map();
  const securityHeaders = {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self' ${portal}`,
      `frame-src ${portal}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
  };

  async function exchangeToken(partnernummer) {
    const answer = await fetch(`${portal}/api/einbettung/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${BANK_PARTNER_KEY}:${bankSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ partnernummer }),
    });
    if (!answer.ok) return undefined;
    const { token } = await answer.json();
    return typeof token === 'string' ? token : undefined;
  }

  async function handleApi(request, response, pathname) {
    if (request.method !== 'POST') {
      return sendJson(response, 405, { message: 'Diese Adresse nimmt nur POST an.' });
    }
    if (pathname === '/demo-api/anmelden') {
      const body = await readJson(request);
      const partnernummer = typeof body?.partnernummer === 'string' ? body.partnernummer.trim() : '';
      if (!PARTNER_NUMBER.test(partnernummer)) {
        return sendJson(response, 400, {
          message: 'Bitte geben Sie Ihre zehnstellige Kundennummer (Partnernummer) ein.',
        });
      }
      const id = randomBytes(24).toString('base64url');
      sessions.set(id, partnernummer);
      return sendJson(
        response,
        200,
        { partnernummer },
        { 'set-cookie': `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/` },
      );
    }
    const partnernummer = sessions.get(cookieOf(request, SESSION_COOKIE) ?? '');
    if (pathname === '/demo-api/abmelden') {
      sessions.delete(cookieOf(request, SESSION_COOKIE) ?? '');
      return sendJson(response, 200, {}, { 'set-cookie': `${SESSION_COOKIE}=; Max-Age=0; Path=/` });
    }
    if (pathname === '/demo-api/einbettung-token') {
      if (!partnernummer) {
        return sendJson(response, 401, { message: 'Bitte melden Sie sich zuerst bei der Hausbank Nord an.' });
      }
      const token = await exchangeToken(partnernummer).catch(() => undefined);
      if (!token) {
        return sendJson(response, 403, {
          message:
            'Der Kundenbereich kann gerade nicht geöffnet werden. Bitte prüfen Sie, ob Sie der Hausbank Nord im Kundenportal den Zugriff erlaubt haben.',
        });
      }
      return sendJson(response, 200, { token, partnernummer });
    }
    return sendJson(response, 404, { message: 'Diese Adresse gibt es nicht.' });
  }

  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://demo-host');
    if (pathname.startsWith('/demo-api/')) {
      handleApi(request, response, pathname).catch(() =>
        sendJson(response, 500, { message: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.' }),
      );
      return;
    }
    const entry = FILES[pathname];
    if (!entry || (request.method !== 'GET' && request.method !== 'HEAD')) {
      send(response, 404, 'Diese Seite gibt es nicht.', { 'content-type': 'text/plain; charset=utf-8' });
      return;
    }
    readFile(path.join(PAGES_DIR, entry.file), 'utf8').then(
      (text) =>
        send(
          response,
          200,
          request.method === 'HEAD' ? undefined : text.replaceAll('__PORTAL_ORIGIN__', portal),
          {
            'content-type': entry.type,
            ...securityHeaders,
          },
        ),
      () => send(response, 500, 'Die Seite fehlt.', { 'content-type': 'text/plain; charset=utf-8' }),
    );
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const origin = `http://${host}:${actualPort}`;
  return {
    origin,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.DEMO_HOST_PORT ?? 3001);
  const portalOrigin = process.env.PORTAL_ORIGIN ?? 'http://localhost:3000';
  const demoHost = await startDemoHost({ port, portalOrigin });
  console.log(
    `Demo-Partnerseiten: http://localhost:${demoHost.port}/ (Radhaus Müller) und http://localhost:${demoHost.port}/kundenbereich.html (Hausbank Nord), Portal ${portalOrigin}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => void demoHost.close().then(() => process.exit(0)));
}
