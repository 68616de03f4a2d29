#!/usr/bin/env node
// Asks a running portal for an extranet link as a broker's software would (issue 16,
// docs/api/extranet.md): signs a short EdDSA JWT with the demo agency's demo key (Claudia Krüger,
// Vermittlernummer 4711000001; the demo data registers its public half) and prints the link.
//
//   node scripts/extranet-link.mjs [vertragsnummer|partnernummer] [--art vertrag|kundendaten]
//                                  [--portal http://localhost:3000]
//
// Default: the contract 9000000101 (Anna Schneider's private liability) on http://localhost:3000.
// The demo key is demo data only; real agencies register their own public key in the agent portal.
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';

/** The demo key pair's private JWK (published in docs/api/extranet.md). */
export const DEMO_PRIVATE_JWK = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'Q1P2oeASybxVutb9xri26NDHQz10Ihey5PkUssWFZ5c',
  d: 'xf43HnOD972ssAEL7SYf45CATZvxIWvqxxUtJRNL9zo',
};
export const DEMO_KID = 'qZWLnBNIyS0YgWuj7Mb-kDfCpnQetsRUbTSRt2olCG0';
export const DEMO_VERMITTLERNUMMER = '4711000001';

/** A machine JWT for one request: 2 minutes, a fresh jti. */
export async function demoMachineJwt(now = new Date()) {
  const key = await importJWK(DEMO_PRIVATE_JWK, 'EdDSA');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'EdDSA', kid: DEMO_KID, typ: 'JWT' })
    .setIssuer(DEMO_VERMITTLERNUMMER)
    .setAudience('schirm-extranet')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 120)
    .setJti(randomUUID())
    .sign(key);
}

function option(args, name, fallback) {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
}

async function main() {
  const args = process.argv.slice(2);
  const art = option(args, '--art', 'vertrag');
  const portal = option(args, '--portal', 'http://localhost:3000').replace(/\/$/, '');
  const id =
    args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--')) ?? '9000000101';
  if (art !== 'vertrag' && art !== 'kundendaten') {
    console.error("--art ist 'vertrag' oder 'kundendaten'.");
    process.exit(2);
  }
  const response = await fetch(
    `${portal}/api/dgg-bipro-maklerpost/extranet/request/${encodeURIComponent(id)}/`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${await demoMachineJwt()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ art }),
    },
  );
  const body = await response.json().catch(() => ({}));
  if (response.status !== 201) {
    console.error(`${response.status}: ${body?.error?.message ?? 'keine Antwort'}`);
    process.exit(1);
  }
  console.log(body.url);
  console.error(`gültig bis ${new Date(body.expiresAt).toLocaleString('de-DE')}, einmal zu öffnen`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
