// The advice channels' own calls (issue 15, ADR 0034): the portfolio customer's answers to start
// an advice with (?kunde=), the customer information for the agent to hand over, and the chat
// protocol of a consultation sent to the customer as PDF.
import { eq } from 'drizzle-orm';
import { productApplication } from '@schirm/domain/application/applications';
import { findStep, type FlowAnswers } from '@schirm/domain/application/flow';
import type { ApplicationContext } from '@schirm/domain/application/product-application';
import { flowFor } from '@schirm/domain/application/product-application';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import type { Database } from '../../db/database';
import { agentDrafts } from '../../db/schema/advice';
import { agents } from '../../db/schema/agents';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { assertAgentReachesPartner } from '../../platform/auth/ownership';
import { notFound, unprocessable } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import { findPartnerByNumber } from '../contracts/partners-repository';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { TEXT_EDITION_DATE } from '../printing/company';
import { printPreContractDocument } from '../printing/pre-contract';
import { CODE_BY_PRODUCT } from '../printing/products';
import { renderDocument, type Block } from '../printing/render';
import { ADVICE_TEXTS as T } from './texts';

function customerUnknown(partnerNummer: string) {
  return notFound(`Partner ${partnerNummer} not in the agent's scope`, {
    code: 'CUSTOMER_UNKNOWN',
    userMessage: T.customerUnknown,
  });
}

/**
 * The answers an advice for a portfolio customer starts with: the person (or company), the
 * address and the account of the partner, on the pages the product's flow has. Only for a
 * customer the agent reaches (assertAgentReachesPartner: own and sub-agents' customers); any
 * other partner number is 404, as one that does not exist.
 */
export async function customerPrefill({
  db,
  actor,
  partnerNummer,
  slug,
  context,
}: {
  db: Database;
  actor: Actor;
  partnerNummer: string;
  slug: string;
  context: ApplicationContext;
}): Promise<{ partnerId: string; partnerNummer: string; kunde: string; antworten: FlowAnswers }> {
  const application = productApplication(slug);
  if (!application) throw unprocessable(`Unknown product ${slug}`, { userMessage: T.unknownProduct });
  const partner = /^\d{6,12}$/.test(partnerNummer)
    ? await findPartnerByNumber({ db, partnerNummer, today: context.today })
    : undefined;
  if (!partner) throw customerUnknown(partnerNummer);
  try {
    await assertAgentReachesPartner({ db, actor, partnerId: partner.id });
  } catch {
    throw customerUnknown(partnerNummer);
  }
  const flow = flowFor(application, context);
  const contact = {
    email: partner.email,
    ...(partner.telefon === undefined ? {} : { telefon: partner.telefon }),
  };
  const answers: Record<string, Record<string, unknown>> = {};
  const isCompany = partner.personArt === 'JuristischePersonDTO';
  if (findStep(flow, 'antragsteller')) {
    answers['antragsteller'] = isCompany
      ? {
          personArt: 'JuristischePersonDTO',
          firmenname: partner.firmenname,
          rechtsform: partner.rechtsform,
          gruendungsdatum: partner.gruendungsdatum,
          ...contact,
        }
      : {
          personArt: 'NatuerlichePersonDTO',
          vorname: partner.vorname,
          nachname: partner.nachname,
          geburtsdatum: partner.geburtsdatum,
          ...contact,
        };
  } else if (findStep(flow, 'person') && !isCompany) {
    answers['person'] = {
      vorname: partner.vorname,
      nachname: partner.nachname,
      geburtsdatum: partner.geburtsdatum,
      ...contact,
    };
  }
  if (partner.adresse && findStep(flow, 'adresse')) {
    const { strasse, hausnummer, plz, ort } = partner.adresse;
    answers['adresse'] = { strasse, hausnummer, plz, ort };
  }
  if (partner.bankverbindung && findStep(flow, 'sepa')) {
    answers['sepa'] = {
      kontoinhaber: partner.bankverbindung.kontoinhaber,
      iban: partner.bankverbindung.iban,
    };
  }
  // Values the partner lacks are left out (the page asks for them).
  const cleaned = Object.fromEntries(
    Object.entries(answers).map(([step, page]) => [
      step,
      Object.fromEntries(Object.entries(page).filter(([, value]) => value !== undefined && value !== null)),
    ]),
  );
  const kunde = isCompany ? partner.firmenname : `${partner.vorname} ${partner.nachname}`;
  return { partnerId: partner.id, partnerNummer, kunde, antworten: cleaned };
}

/**
 * The customer information of a product for the agent to hand over in a consultation (spec §7
 * 'customer information for consulting'): the product's Kundeninformation with the
 * Widerrufsbelehrung, as printed for every variant (the offer's own, with its premium, follows
 * with vorbereiten). A variant, when named, must be one the product sells today.
 */
export async function consultingCustomerInformation({
  slug,
  variante,
  context,
}: {
  slug: string;
  variante?: string | undefined;
  context: ApplicationContext;
}): Promise<{ fileName: string; content: Buffer }> {
  const application = productApplication(slug);
  if (!application) throw unprocessable(`Unknown product ${slug}`, { userMessage: T.unknownProduct });
  if (
    variante !== undefined &&
    !application.comparison(context).variants.some((option) => option.value === variante)
  ) {
    throw unprocessable(`Unknown variant ${variante} of ${slug}`, {
      code: 'VARIANT_UNKNOWN',
      userMessage: T.unknownVariant,
    });
  }
  const document = await printPreContractDocument(
    'KUNDENINFORMATION',
    CODE_BY_PRODUCT[application.productKey],
  );
  return { fileName: document.fileName, content: document.pdf };
}

/** One message of a consultation chat. */
export interface ChatMessage {
  von: 'VERMITTLER' | 'KUNDE';
  text: string;
  zeit: string;
}

function emailOfDraft(answers: FlowAnswers): string | undefined {
  const email = (answers['person'] ?? answers['antragsteller'])?.['email'];
  return typeof email === 'string' ? email : undefined;
}

/**
 * The chat protocol of a consultation (spec §7 `POST /api/dokument/chat/{contactId}/{email}`):
 * the contact is the advice (the agent's draft id, unguessable), and the protocol goes only to the
 * customer e-mail address that advice records; anything else is 404, so the call cannot send
 * mail to arbitrary addresses. The protocol is rendered as PDF and e-mailed (outbox).
 */
export async function sendChatProtocol({
  db,
  files,
  transports,
  contactId,
  email,
  messages,
  today,
}: {
  db: Database;
  files: FileStorage;
  transports: Transports;
  contactId: string;
  email: string;
  messages: readonly ChatMessage[];
  today: CalendarDate;
}): Promise<{ versandtAn: string }> {
  const [draft] = /^[0-9a-f-]{36}$/i.test(contactId)
    ? await db
        .select({ draft: agentDrafts, agentName: agents.name, agentur: agents.agenturName })
        .from(agentDrafts)
        .innerJoin(agents, eq(agents.id, agentDrafts.agentId))
        .where(eq(agentDrafts.id, contactId))
    : [];
  const recorded = draft ? emailOfDraft(draft.draft.antworten as FlowAnswers) : undefined;
  if (!draft || !recorded || recorded.toLowerCase() !== email.toLowerCase()) {
    throw notFound(`Chat contact ${contactId} unknown for this address`, {
      code: 'CHAT_CONTACT_UNKNOWN',
      userMessage: T.chatContactUnknown,
    });
  }
  const produktName = productApplication(draft.draft.produktSlug)?.name ?? draft.draft.produktSlug;
  const blocks: Block[] = [
    {
      kind: 'facts',
      facts: [
        { label: 'Datum', value: formatDate(today) },
        { label: 'Vermittler', value: `${draft.agentName}, ${draft.agentur}` },
        { label: 'Kunde', value: draft.draft.kundeName ?? recorded },
        { label: 'Produkt', value: produktName },
      ],
    },
    {
      kind: 'table',
      columns: ['Zeit', 'Von', 'Nachricht'],
      rows: messages.map((message) => [
        formatDate(new Date(message.zeit)) +
          ' ' +
          new Date(message.zeit).toLocaleTimeString('de-DE', {
            hour: '2-digit',
            minute: '2-digit',
            timeZone: 'Europe/Berlin',
          }),
        message.von === 'VERMITTLER' ? draft.agentName : 'Kunde',
        message.text,
      ]),
    },
  ];
  const pdf = await renderDocument({
    title: 'Gesprächsprotokoll',
    subtitle: [produktName, `Beratung durch ${draft.agentName}`],
    runningHeader: `Gesprächsprotokoll · ${produktName}`,
    editionDate: TEXT_EDITION_DATE,
    blocks,
  });
  const storageKey = await files.put(pdf, 'pdf');
  await withTransaction(db, (tx) =>
    enqueueMessage(tx, transports, {
      channel: 'email',
      to: recorded,
      subject: T.chatMail.subject(produktName),
      body: T.chatMail.body(draft.agentName),
      purpose: 'ADVICE_CHAT_PROTOCOL',
      attachment: { name: `Gesprächsprotokoll ${formatDate(today)}.pdf`, storageKey },
    }),
  );
  return { versandtAn: recorded };
}
