// Demo data of the extranet (issue 16): the public key of a fixed demo key pair, registered for
// Claudia Krüger's agency, so scripts/extranet-link.mjs and the E2E test can ask for links. The
// private half is published in docs/api/extranet.md; it is demo data only, like the demo passwords.
import { DEMO_AGENTS } from '../../db/demo/portfolio/demo-people';
import type { Seeder } from '../../db/demo/seeders';
import { extranetMachineKeys } from '../../db/schema/extranet';
import { findAgentByNumber } from '../contracts/agents-repository';

/** The demo key's public JWK (Ed25519). */
export const DEMO_EXTRANET_PUBLIC_JWK = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'Q1P2oeASybxVutb9xri26NDHQz10Ihey5PkUssWFZ5c',
} as const;
/** Its RFC 7638 thumbprint, the kid the demo JWTs name. */
export const DEMO_EXTRANET_KID = 'qZWLnBNIyS0YgWuj7Mb-kDfCpnQetsRUbTSRt2olCG0';

export const extranetDemoSeeder: Seeder = {
  name: 'extranet',
  run: async (tx) => {
    const { vermittlerNummer } = DEMO_AGENTS.hauptagentur;
    const agency = await findAgentByNumber({ db: tx, vermittlerNummer });
    if (!agency)
      throw new Error(`Demo agency ${vermittlerNummer} is missing: the portfolio seeder must run first`);
    await tx
      .insert(extranetMachineKeys)
      .values({
        agentId: agency.id,
        kid: DEMO_EXTRANET_KID,
        // The label is an additional member of the stored JWK (service.ts, StoredJwk).
        publicJwk: { ...DEMO_EXTRANET_PUBLIC_JWK, bezeichnung: 'Demo-Maklersoftware' },
      })
      .onConflictDoNothing();
    return { logins: [] };
  },
};
