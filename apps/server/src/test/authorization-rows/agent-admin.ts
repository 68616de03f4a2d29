import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { agentMessages } from '../../db/schema/agent-admin';
import { agents } from '../../db/schema/agents';
import { uploads } from '../../db/schema/uploads';
import { insertAgent } from '../../modules/identity/identity-test-kit';
import type { AuthorizationRows, Fixture } from '../authorization-kit';

const BASE = '/api/vermittler/vermittler';

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;

/** An unattached agent without customers, of the fixture agents' distribution path: attachable. */
async function attachableAgent(f: Fixture) {
  const email = `anbinden.${unique()}@example.com`;
  const id = await insertAgent(f.db, { email });
  const [row] = await f.db.select().from(agents).where(eq(agents.id, id));
  if (!row) throw new Error('attachable agent not inserted');
  return { vermittlerNummer: row.vermittlerNummer, email };
}

/** A message of subAgentX to the agent service, for the clerk's answer. */
async function agentMessageOf(f: Fixture): Promise<string> {
  const [row] = await f.db
    .insert(agentMessages)
    .values({
      agentId: f.subAgentX.agentId ?? '',
      accountId: f.subAgentX.id,
      thema: 'SONSTIGES',
      betreff: 'Frage',
      html: '<p>Guten Tag</p>',
      text: 'Guten Tag',
      idempotencyKey: unique().padEnd(8, '0'),
    })
    .returning({ id: agentMessages.id });
  if (!row) throw new Error('agent message not inserted');
  return row.id;
}

/** A message of subAgentX with a finished PDF upload of its account attached. */
async function agentMessageWithAttachmentOf(f: Fixture) {
  const messageId = await agentMessageOf(f);
  const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
  const { key, size } = await f.files.putStream(Readable.from([bytes]), 'pdf');
  const [row] = await f.db
    .insert(uploads)
    .values({
      accountId: f.subAgentX.id,
      status: 'FERTIG',
      dateiname: 'Police.pdf',
      angegebeneGroesse: size,
      groesse: size,
      typ: 'application/pdf',
      storageKey: key,
      expiresAt: new Date(),
      targetKind: 'vermittlernachricht',
      targetId: messageId,
      attachedAt: new Date(),
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error('upload not inserted');
  return { messageId, uploadId: row.id };
}

/** This area's rows of the authorization table (issue 15): every route it adds has one. */
export const rows: AuthorizationRows = {
  publicRoutes: {
    'GET /api/vermittler/vermittler/:id/vermittlerinfo':
      'public agent link: only what the public page shows (agent and agency name, agency address, register number, activity: all in the public IHK register), of active agents; rate limited',
    'GET /api/vermittler/vermittler/:id/vermittlerinfoByIdentifier':
      'public agent link by agent number: only agent and agency name, agency address, register number, activity (all in the public IHK register); rate limited',
    'GET /api/vermittler/vermittler/blz/:blz/nummerUndWeg':
      'public agent link by bank code (?blz=): agent number and distribution path only; rate limited',
    'GET /api/content/vermittler-faq':
      'agent FAQ: general help content, nothing personal (like the public FAQ)',
    'POST /api/vermittler/vertriebspartner-bewerbung':
      'public application as sales partner: stores what the applicant sends, answers the same every time; rate limited, idempotent',
  },
  authenticatedRoutes: {
    'GET /api/vermittler/vermittler/liste': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: () => ({ url: `${BASE}/liste` }),
    },
    'POST /api/vermittler/vermittler/erstellen': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: (f) => ({
        url: `${BASE}/erstellen`,
        payload: {
          name: 'Neue Untervermittlerin',
          email: `neu.${unique()}@example.com`,
          mobil: '+49 151 12345678',
          uebergeordneteId: f.subAgentX.agentId,
        },
      }),
    },
    'POST /api/vermittler/vermittler/anbinden': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: async (f) => ({
        url: `${BASE}/anbinden`,
        payload: { ...(await attachableAgent(f)), uebergeordneteId: f.subAgentX.agentId },
      }),
    },
    'POST /api/vermittler/vermittler/:id/deaktivieren': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: (f) => ({ url: `${BASE}/${f.subAgentX.agentId}/deaktivieren`, payload: {} }),
    },
    'POST /api/vermittler/vermittler/:id/aktivieren': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: (f) => ({ url: `${BASE}/${f.subAgentX.agentId}/aktivieren`, payload: {} }),
    },
    'GET /api/vermittler/vermittler/identifier': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({ url: `${BASE}/identifier` }),
    },
    'GET /api/vermittler/vermittler/:agentId/nummerUndWeg': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: (f) => ({ url: `${BASE}/${f.subAgentX.agentId}/nummerUndWeg` }),
    },
    'GET /api/vermittler/vermittler/:id/vertriebsweg': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: (f) => ({ url: `${BASE}/${f.subAgentX.agentId}/vertriebsweg` }),
    },
    'GET /api/vermittler/vermittler/:vertriebsweg/:externeId/existenz': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({ url: `${BASE}/AGENTUR/BANK-4711/existenz` }),
    },
    'GET /api/vermittler/vermittler/agentur': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({ url: `${BASE}/agentur` }),
    },
    'PUT /api/vermittler/vermittler/agentur': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({
        url: `${BASE}/agentur`,
        payload: {
          agentur: { name: 'Agentur', strasse: 'Hohe Straße', hausnummer: '1', plz: '50667', ort: 'Köln' },
          registerNummer: 'D-ABCD-EFGH1-23',
          taetigkeit: 'VERSICHERUNGSVERTRETER',
          beteiligungen: '',
        },
      }),
    },
    'GET /api/vermittler/vermittler/einstellungen': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({ url: `${BASE}/einstellungen` }),
    },
    'PUT /api/vermittler/vermittler/einstellungen': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({
        url: `${BASE}/einstellungen`,
        payload: { name: 'Eindringling', telefon: '', benachrichtigungsEmail: '' },
      }),
    },
    'GET /api/dokument/dvelop/dokumente/static/erstinformation': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({ url: '/api/dokument/dvelop/dokumente/static/erstinformation' }),
    },
    'GET /api/vermittler/nachricht': {
      pool: 'vermittler',
      owner: (f) => f.subAgentX,
      request: async (f) => {
        await agentMessageOf(f);
        return { url: '/api/vermittler/nachricht' };
      },
    },
    'POST /api/vermittler/nachricht': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: (f) => ({
        url: '/api/vermittler/nachricht',
        payload: {
          idempotencyKey: `key-${unique()}`,
          thema: 'VERTRAG',
          betreff: 'Frage zum Vertrag',
          html: '<p>Bitte prüfen Sie den Vertrag.</p>',
          vertragsnummer: f.customerA.contractNumber,
          partnerNummer: f.customerA.partnerNummer,
        },
      }),
    },
    'GET /api/innendienst/vermittler-nachrichten': {
      pool: 'innendienst',
      owner: (f) => f.clerk,
      request: () => ({ url: '/api/innendienst/vermittler-nachrichten?filter=alle' }),
    },
    'GET /api/vermittler/nachricht/:id/anhaenge/:uploadId': {
      pool: 'vermittler',
      owner: (f) => f.subAgentX,
      request: async (f) => {
        const { messageId, uploadId } = await agentMessageWithAttachmentOf(f);
        return { url: `/api/vermittler/nachricht/${messageId}/anhaenge/${uploadId}` };
      },
    },
    'GET /api/innendienst/vermittler-nachrichten/:id': {
      pool: 'innendienst',
      owner: (f) => f.clerk,
      request: async (f) => ({ url: `/api/innendienst/vermittler-nachrichten/${await agentMessageOf(f)}` }),
    },
    'GET /api/innendienst/vermittler-nachrichten/:id/anhaenge/:uploadId': {
      pool: 'innendienst',
      owner: (f) => f.clerk,
      request: async (f) => {
        const { messageId, uploadId } = await agentMessageWithAttachmentOf(f);
        return { url: `/api/innendienst/vermittler-nachrichten/${messageId}/anhaenge/${uploadId}` };
      },
    },
    'POST /api/innendienst/vermittler-nachrichten/:id/antwort': {
      pool: 'innendienst',
      owner: (f) => f.clerk,
      request: async (f) => ({
        url: `/api/innendienst/vermittler-nachrichten/${await agentMessageOf(f)}/antwort`,
        payload: { text: 'Vielen Dank, erledigt.' },
      }),
    },
  },
};
