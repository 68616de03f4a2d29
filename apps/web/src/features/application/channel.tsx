// The channel a wizard runs in (spec §2, ADR 0034): direct (`/<produkt>/antrag/`), the agent's
// advice (`/vermittler/<produkt>/beratung/`, signed in) and the public agent link
// (`/<produkt>/beratung/?vmr=…`). The wizard, its pages and its documents step are the same; the
// channel names the flow's channel, where the pages live, which calls make the offer and the
// application, how a saved advice or draft is resumed, and where the tab keeps the wizard.
import { createContext, useContext } from 'react';
import type { ApplicationChannel, FlowAnswers } from '@schirm/domain/application/flow';
import type { ProductApplication } from '@schirm/domain/application/product-application';
import { request } from '../../lib/api';
import { embeddingPartnerKey } from '../../lib/embedding-host';
import type { RequestResult } from '../../lib/request';
import {
  loadDraft,
  prepareOffer,
  submitApplication,
  type Angebot,
  type ApplicationResult,
  type CheckFailed,
  type Uninsurable,
} from './application-api';
import { wizardBaseRoute } from './application-route';

/** What resuming loads: the product and the answers to prefill. */
export interface ResumeData {
  produkt: string;
  antworten: FlowAnswers;
}

/** How a link opens a saved state (a draft, an advice, a portfolio customer). */
export interface ResumeSource {
  /** Names the source in the effect's dependencies. */
  key: string;
  load(): Promise<RequestResult<ResumeData>>;
}

/** The public link's agent reference (?vmr=, ?vermittlernummer=, ?blz=). */
export interface AgentReference {
  vmr?: string;
  vermittlernummer?: string;
  blz?: string;
}

export interface ApplicationChannelSetup {
  channel: ApplicationChannel;
  /** The wizard's base route of a product in this channel (no trailing slash). */
  baseRoute(app: ProductApplication): string;
  /** Key part of the tab's stored wizard, so channels never share one. */
  storagePrefix: string;
  prepare(
    app: ProductApplication,
    antworten: FlowAnswers,
  ): Promise<RequestResult<Angebot | Uninsurable | CheckFailed>>;
  submit(
    app: ProductApplication,
    body: { angebotId: string; antworten: FlowAnswers },
    idempotencyKey: string,
  ): Promise<RequestResult<ApplicationResult>>;
  /** What the link's query asks to resume, if anything. */
  resumeFrom(app: ProductApplication, search: URLSearchParams): ResumeSource | undefined;
  /** Saving for later: by e-mail link (public) or into the agent's drafts. */
  drafts: 'email' | 'agent';
}

/** Embedded by a confirmed partner (issue 16): the contract is concluded for the partner's broker. */
function embedding(): { einbettungspartner?: string } {
  const partnerKey = embeddingPartnerKey();
  return partnerKey === undefined ? {} : { einbettungspartner: partnerKey };
}

/** The direct channel (issue 13): public calls under /api/taa. */
export const DIRECT_CHANNEL: ApplicationChannelSetup = {
  channel: 'antrag',
  baseRoute: wizardBaseRoute,
  storagePrefix: '',
  prepare: (app, antworten) =>
    prepareOffer(app.pricingPath, { produkt: app.slug, kanal: 'antrag', antworten, ...embedding() }),
  submit: (app, body, key) =>
    submitApplication(app.pricingPath, { produkt: app.slug, kanal: 'antrag', ...body, ...embedding() }, key),
  resumeFrom: (_app, search) => {
    const id = search.get('savedDraftId');
    return id ? { key: `draft:${id}`, load: () => loadDraft(id) } : undefined;
  },
  drafts: 'email',
};

const ENTWURF_KEY = 'schirm.beratung.entwurf.';

/** The agent's draft the wizard of this product continues (so saving updates it). */
export function currentAgentDraft(slug: string): string | undefined {
  try {
    return globalThis.sessionStorage?.getItem(`${ENTWURF_KEY}${slug}`) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberAgentDraft(slug: string, entwurfId: string | undefined): void {
  try {
    if (entwurfId === undefined) globalThis.sessionStorage?.removeItem(`${ENTWURF_KEY}${slug}`);
    else globalThis.sessionStorage?.setItem(`${ENTWURF_KEY}${slug}`, entwurfId);
  } catch {
    // Without storage a second save makes a second draft; nothing is lost.
  }
}

/** The signed-in agent's advice (channel vermittler-beratung). */
export const AGENT_ADVICE_CHANNEL: ApplicationChannelSetup = {
  channel: 'vermittler-beratung',
  baseRoute: (app) => `/vermittler/${app.slug}/beratung`,
  storagePrefix: 'vermittler.',
  prepare: (app, antworten) =>
    request({
      method: 'POST',
      path: '/api/vermittler/beratung/vorbereiten',
      body: { produkt: app.slug, antworten },
    }),
  submit: (app, body, key) => {
    const entwurfId = currentAgentDraft(app.slug);
    return request({
      method: 'POST',
      path: '/api/vermittler/beratung/antrag',
      body: { produkt: app.slug, ...body, ...(entwurfId ? { entwurfId } : {}) },
      headers: { 'Idempotency-Key': key },
      cancelPrevious: false,
    });
  },
  resumeFrom: (app, search) => {
    const entwurf = search.get('entwurf');
    if (entwurf) {
      return {
        key: `entwurf:${entwurf}`,
        load: async () => {
          const result = await request<ResumeData & { entwurfId: string }>({
            path: '/api/vermittler/entwuerfe/{entwurfId}',
            pathParams: { entwurfId: entwurf },
          });
          if (result.ok && !result.canceled) rememberAgentDraft(app.slug, result.data.entwurfId);
          return result;
        },
      };
    }
    const kunde = search.get('kunde');
    if (kunde) {
      return {
        key: `kunde:${kunde}`,
        load: async () => {
          rememberAgentDraft(app.slug, undefined);
          const result = await request<{ antworten: FlowAnswers }>({
            path: '/api/vermittler/beratung/kunde/{partnerNummer}',
            pathParams: { partnerNummer: kunde },
            query: { produkt: app.slug },
          });
          return result.ok && !result.canceled
            ? { ...result, data: { produkt: app.slug, antworten: result.data.antworten } }
            : (result as RequestResult<ResumeData>);
        },
      };
    }
    return undefined;
  },
  drafts: 'agent',
};

/**
 * The public agent link (channel beratung) for the agent the link names; with a partner brand, its
 * brand path `/<brand>/<produkt>/beratung/` (the server derives the contract brand from it).
 */
export function publicAdviceChannel(vermittler: AgentReference, brand?: string): ApplicationChannelSetup {
  const branded = brand === undefined ? {} : { brand };
  return {
    channel: 'beratung',
    baseRoute: (app) => `${brand === undefined ? '' : `/${brand}`}/${app.slug}/beratung`,
    storagePrefix: brand === undefined ? 'beratung.' : `beratung.${brand}.`,
    prepare: (app, antworten) =>
      request({
        method: 'POST',
        path: '/api/beratung/vorbereiten',
        body: { produkt: app.slug, antworten, vermittler, ...branded },
        authenticated: false,
      }),
    submit: (app, body, key) =>
      request({
        method: 'POST',
        path: '/api/beratung/antrag',
        body: { produkt: app.slug, ...body, vermittler, ...branded },
        headers: { 'Idempotency-Key': key },
        authenticated: false,
        cancelPrevious: false,
      }),
    resumeFrom: () => undefined,
    drafts: 'email',
  };
}

export const ApplicationChannelContext = createContext<ApplicationChannelSetup>(DIRECT_CHANNEL);

/** The channel of the wizard on screen (direct unless an advice route provides another). */
export function useApplicationChannel(): ApplicationChannelSetup {
  return useContext(ApplicationChannelContext);
}
