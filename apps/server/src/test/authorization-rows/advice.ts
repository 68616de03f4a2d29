import { agentDrafts } from '../../db/schema/advice';
import type { AuthorizationRows, Fixture } from '../authorization-kit';

/** A saved advice of subAgentX (agentX reaches it by the scope rule), for the draft routes. */
async function draftOfSubAgent(f: Fixture): Promise<string> {
  const now = new Date();
  const [row] = await f.db
    .insert(agentDrafts)
    .values({
      agentId: f.subAgentX.agentId ?? '',
      produktSlug: 'hausrat',
      antworten: { person: { vorname: 'Anna', nachname: 'Entwurf', email: f.customerA.username } },
      schritt: 'person',
      kundeName: 'Anna Entwurf',
      herkunft: 'BERATUNG',
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .returning({ id: agentDrafts.id });
  if (!row) throw new Error('agent draft not inserted');
  return row.id;
}

/** This area's rows of the authorization table (issue 15): every route it adds has one. */
export const rows: AuthorizationRows = {
  publicRoutes: {
    'GET /api/beratung/vermittler':
      'public agent link (?vmr=, ?vermittlernummer=, ?blz=): only the agency the public page shows, of active agents; vmr is AES-256-GCM sealed; rate limited',
    'POST /api/beratung/vorbereiten':
      'public agent link: the offer as the direct channel (documents to the applicant), concluded for the named agent; rate limited',
    'POST /api/beratung/antrag':
      'public agent link: the binding application as the direct channel (idempotent, one contract per offer); rate limited',
    'POST /api/taa/entwuerfe/:entwurfId/vermittler':
      'an applicant hands the public draft (unguessable id, as the resume link) over to an agent; answers only agent and agency name; rate limited',
    'POST /api/dokument/beratung/kundeninformationen':
      'spec §6: customer information for consulting is sent without sign-in; the product text only, nothing personal',
    'POST /api/dokument/chat/:contactId/:email':
      'spec §6: the chat protocol is sent without sign-in; only to the e-mail the advice (unguessable id) records, answers nothing else; rate limited',
  },
  authenticatedRoutes: {
    'GET /api/vermittler/beratung/kunde/:partnerNummer': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: (f) => ({
        url: `/api/vermittler/beratung/kunde/${f.customerA.partnerNummer}?produkt=fahrrad`,
      }),
    },
    'POST /api/vermittler/beratung/vorbereiten': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({
        url: '/api/vermittler/beratung/vorbereiten',
        payload: { produkt: 'fahrrad', antworten: {} },
      }),
    },
    'POST /api/vermittler/beratung/antrag': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({
        url: '/api/vermittler/beratung/antrag',
        payload: { produkt: 'fahrrad', angebotId: '00000000-0000-4000-8000-000000000000', antworten: {} },
      }),
    },
    'GET /api/vermittler/beratung/link': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      request: () => ({ url: '/api/vermittler/beratung/link' }),
    },
    'GET /api/vermittler/entwuerfe': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: async (f) => {
        await draftOfSubAgent(f);
        return { url: '/api/vermittler/entwuerfe' };
      },
    },
    'POST /api/vermittler/entwuerfe': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: async (f) => ({
        url: '/api/vermittler/entwuerfe',
        payload: {
          entwurfId: await draftOfSubAgent(f),
          produkt: 'hausrat',
          schritt: 'person',
          antworten: { person: { vorname: 'Anna' } },
        },
      }),
    },
    'GET /api/vermittler/entwuerfe/:entwurfId': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: async (f) => ({ url: `/api/vermittler/entwuerfe/${await draftOfSubAgent(f)}` }),
    },
    'DELETE /api/vermittler/entwuerfe/:entwurfId': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.subAgentX,
      request: async (f) => ({ url: `/api/vermittler/entwuerfe/${await draftOfSubAgent(f)}` }),
    },
  },
};
