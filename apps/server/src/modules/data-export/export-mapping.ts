// Rows as the export repository reads them → the sections of the export file (export-format.ts).
// Pure functions: no database, no clock.
import { centsToEuro } from '@schirm/domain/contract/amounts';
import { toCustomerView, type ContractCustomerView } from '@schirm/domain/contract/customer-view';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import type { StoredContract } from '../contracts/contract-mapping';
import { DOCUMENT_DOWNLOAD_PATH } from '../customer-contracts/service';
import { createClaimFlow } from '@schirm/domain/claims/flows';
import { CLAIM_PRODUCT_INFO, type ClaimProduct } from '@schirm/domain/claims/products';
import { CLAIM_STATE_LABELS, type ClaimState } from '@schirm/domain/claims/status';
import { summarizeClaimAnswers } from '@schirm/domain/claims/summary';
import type { ConsentEnding, ConsentKind, FeedbackSource } from '@schirm/domain/consents';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { CLAIM_DOCUMENT_SOURCES } from '../../db/schema/claims';
import type { AuditAction } from '../identity/audit';
import type { Aenderung, Datenauskunft, VertragEintrag } from './export-format';
import type {
  readAccount,
  readAgents,
  readAttachedFiles,
  readAuditTrail,
  readClaimDrafts,
  readClaims,
  readConfirmations,
  readConsents,
  readFeedback,
  readUploads,
  readContractHistory,
  readMailbox,
  readMessagesTo,
  readPartner,
  readSessionTokens,
} from './repository';

type Rows<F extends (...args: never[]) => unknown> = NonNullable<Awaited<ReturnType<F>>>;
type History = Rows<typeof readContractHistory>;

const iso = (instant: Date) => instant.toISOString();
const isoOrNull = (instant: Date | null) => (instant ? instant.toISOString() : null);

/** Audit events that record a failed or refused attempt; every other event succeeded. */
const FAILED_EVENTS: ReadonlySet<string> = new Set([
  'SIGN_IN_FAILED',
  'SIGN_IN_TAN_FAILED',
  'SIGN_IN_LOCKED_OUT',
  'ACCOUNT_LOCKED',
  'PASSWORD_PROOF_FAILED',
  'PASSWORD_RESET_CODE_FAILED',
  'TAN_FAILED',
  'REFRESH_TOKEN_REUSED',
] satisfies AuditAction[]);

export function personSection({
  partner,
  adressen,
  konten,
}: Rows<typeof readPartner>): Datenauskunft['person'] {
  return {
    partnerNummer: partner.partnerNummer,
    personArt: partner.personArt,
    anrede: partner.anrede,
    titel: partner.titel,
    vorname: partner.vorname,
    nachname: partner.nachname,
    geburtsdatum: partner.geburtsdatum,
    firmenname: partner.firmenname,
    rechtsform: partner.rechtsform,
    gruendungsdatum: partner.gruendungsdatum,
    email: partner.email,
    telefon: partner.telefon,
    erstelltAm: iso(partner.createdAt),
    geaendertAm: iso(partner.updatedAt),
    adressen: adressen.map((a) => ({
      strasse: a.strasse,
      hausnummer: a.hausnummer,
      plz: a.plz,
      ort: a.ort,
      land: a.land,
      gueltigAb: a.gueltigAb,
      gueltigBis: a.gueltigBis,
    })),
    bankverbindungen: konten.map((k) => ({
      iban: k.iban,
      bic: k.bic,
      kontoinhaber: k.kontoinhaber,
      sepaMandat: {
        glaeubigerId: k.glaeubigerId,
        mandatsreferenz: k.mandatsreferenz,
        erteiltAm: k.mandatErteiltAm,
      },
      gueltigAb: k.gueltigAb,
      gueltigBis: k.gueltigBis,
    })),
  };
}

/** One session per refresh-token family: from its first token to its newest one. */
function sessions(tokens: Rows<typeof readSessionTokens>): Datenauskunft['zugang']['sitzungen'] {
  const families = new Map<string, typeof tokens>();
  for (const token of tokens) families.set(token.familyId, [...(families.get(token.familyId) ?? []), token]);
  return [...families.values()].map((family) => {
    const first = family[0]!;
    const newest = family[family.length - 1]!;
    return {
      begonnenAm: iso(first.createdAt),
      zuletztVerlaengertAm: iso(newest.createdAt),
      endetSpaetestensAm: iso(newest.expiresAt),
      beendetAm: isoOrNull(newest.revokedAt),
    };
  });
}

function confirmations({
  tans,
  links,
}: Rows<typeof readConfirmations>): Datenauskunft['zugang']['bestaetigungen'] {
  return [
    ...tans.map((t) => ({
      art: t.purpose,
      kanal: 'sms' as const,
      an: t.mobile,
      erstelltAm: iso(t.createdAt),
      gueltigBis: iso(t.expiresAt),
      erledigtAm: isoOrNull(t.verifiedAt),
    })),
    ...links.map((l) => ({
      art: l.kind,
      kanal: 'email' as const,
      an: l.email,
      erstelltAm: iso(l.createdAt),
      gueltigBis: iso(l.expiresAt),
      erledigtAm: isoOrNull(l.usedAt),
    })),
  ].sort((a, b) => a.erstelltAm.localeCompare(b.erstelltAm));
}

export function accessSection(
  account: Rows<typeof readAccount>,
  trail: Rows<typeof readAuditTrail>,
  tokens: Rows<typeof readSessionTokens>,
  confirmationRows: Rows<typeof readConfirmations>,
): Datenauskunft['zugang'] {
  const lastSignIn = trail.findLast((entry) => entry.action === 'SIGN_IN_SUCCEEDED');
  return {
    benutzername: account.username,
    email: account.email,
    spitzname: account.nickname,
    handynummer: account.mobile,
    status: account.status,
    erstelltAm: iso(account.createdAt),
    geaendertAm: iso(account.updatedAt),
    letzteAnmeldung: lastSignIn ? iso(lastSignIn.occurredAt) : null,
    gesperrtBis: isoOrNull(account.lockedUntil),
    sitzungen: sessions(tokens),
    bestaetigungen: confirmations(confirmationRows),
  };
}

export function signInHistory(
  accountId: string,
  trail: Rows<typeof readAuditTrail>,
): Datenauskunft['anmeldeverlauf'] {
  return trail.map((entry) => ({
    zeitpunkt: iso(entry.occurredAt),
    ereignis: entry.action,
    ergebnis: FAILED_EVENTS.has(entry.action) ? 'FEHLGESCHLAGEN' : 'ERFOLGREICH',
    ip: entry.ip,
    geraet: entry.userAgent,
    durchAnderePerson: entry.actorAccountId !== null && entry.actorAccountId !== accountId,
    details:
      entry.details && typeof entry.details === 'object' && !Array.isArray(entry.details)
        ? (entry.details as Record<string, unknown>)
        : {},
  }));
}

type AttachedFiles = Rows<typeof readAttachedFiles>;

/** The files attached to one target, as the file shows them. */
function filesOf(files: AttachedFiles, targetId: string): Datenauskunft['schaeden'][number]['dateien'] {
  return files
    .filter((file) => file.targetId === targetId)
    .map((file) => ({ name: file.dateiname, groesse: file.groesse ?? 0, typ: file.typ ?? '' }));
}

export function messagesSection(
  sent: Rows<typeof readMessagesTo>,
  mailbox: Rows<typeof readMailbox>,
  mailboxFiles: AttachedFiles,
): Datenauskunft['nachrichten'] {
  return {
    versendet: sent.map((m) => ({
      kanal: m.channel,
      an: m.recipient,
      betreff: m.subject,
      anlass: m.purpose,
      anhang: m.attachmentName,
      status: m.status,
      erstelltAm: iso(m.createdAt),
      versendetAm: isoOrNull(m.sentAt),
    })),
    postfach: mailbox.map((m) => ({
      betreff: m.subject,
      richtung: m.direction,
      vertrag: m.versicherungsNummer,
      anhang: m.documentName,
      eingegangenAm: iso(m.createdAt),
      gelesenAm: isoOrNull(m.readAt),
      geloeschtAm: isoOrNull(m.deletedAt),
      dateien: filesOf(mailboxFiles, m.id),
    })),
  };
}

function change(row: History['changes'][number]): Aenderung {
  const hasPremium = row.bruttoBeitragProPeriodeCents !== null && row.nettoJahresbeitragCents !== null;
  return {
    typ: row.typ,
    wert: row.wert,
    wirksamkeitsdatum: row.wirksamkeitsdatum,
    erfasstAm: iso(row.createdAt),
    beitragNachAenderung: hasPremium
      ? {
          beitragProPeriode: centsToEuro(row.bruttoBeitragProPeriodeCents ?? 0),
          jahresNettobeitrag: centsToEuro(row.nettoJahresbeitragCents ?? 0),
        }
      : null,
  };
}

function ending(contract: StoredContract): VertragEintrag['beendigung'] {
  const b = contract.beendigung;
  if (!b) return null;
  return {
    art: b.art,
    durch: 'durch' in b ? b.durch : null,
    anlass: 'anlass' in b ? b.anlass : null,
    erklaertAm: b.erklaertAm,
    zum: b.zum,
    grund: 'grund' in b ? b.grund : null,
    freitext: 'freitext' in b ? (b.freitext ?? null) : null,
  };
}

/** The portal's customer view of the contract, with the IBAN in full (the file is the customer's own copy). */
function fullView(
  contract: StoredContract,
  today: CalendarDate,
  documents: History['documents'],
  agent: Rows<typeof readAgents>[number] | undefined,
): ContractCustomerView {
  const entry = catalogueEntryForSummaryProdukt(contract.produkt);
  const view = toCustomerView(contract, {
    today,
    versicherungsName: entry.name,
    deckungsVarianten: entry.deckungsVarianten.filter(
      (v) => v.deckungsVarianteIdentifier === contract.deckungsVariante,
    ),
    dokumente: documents.map((d) => ({ name: d.name, typ: d.typ, url: `${DOCUMENT_DOWNLOAD_PATH}/${d.id}` })),
    ...(agent ? { vermittler: { ...agent } } : {}),
  });
  const bank = contract.bankverbindung;
  if (!bank) return view;
  return {
    ...view,
    bankverbindung: {
      iban: bank.iban,
      kontoinhaber: bank.kontoinhaber,
      ...(bank.bic ? { swiftBic: bank.bic } : {}),
    },
  };
}

export function contractEntry(
  contract: StoredContract,
  today: CalendarDate,
  history: History,
  agents: Rows<typeof readAgents>,
): VertragEintrag {
  const own = <T extends { contractId: string }>(rows: readonly T[]) =>
    rows.filter((row) => row.contractId === contract.id);
  const documents = own(history.documents);
  const changes = own(history.changes);
  const agent = agents.find((a) => a.vermittlerNummer === contract.vermittlerNummer);
  return {
    vertrag: fullView(contract, today, documents, agent),
    abschlussdatum: contract.abschlussdatum,
    beendigung: ending(contract),
    beitragsverlauf: own(history.premiums).map((p) => ({
      gueltigAb: p.gueltigAb,
      zahlweise: p.zahlweise,
      beitragProPeriode: centsToEuro(p.bruttoBeitragProPeriodeCents),
      jahresNettobeitrag: centsToEuro(p.nettoJahresbeitragCents),
      grund: p.grund,
    })),
    offeneBeitraege: contract.offeneBeitraege.map((o) => ({
      art: o.art,
      faelligAm: o.faelligAm,
      betrag: centsToEuro(o.betragCents),
      gemahntAm: o.gemahnt?.am ?? null,
      zahlungsfristBis: o.gemahnt?.zahlungsfristBis ?? null,
    })),
    vorgemerkteAenderungen: changes.filter((row) => row.appliedAt === null).map(change),
    durchgefuehrteAenderungen: changes.flatMap((row) =>
      row.appliedAt === null ? [] : [{ ...change(row), durchgefuehrtAm: iso(row.appliedAt) }],
    ),
    dokumente: documents.map((d) => ({ name: d.name, typ: d.typ, erstelltAm: iso(d.createdAt) })),
    erinnerungen: own(history.reminders).map((t) => ({
      typ: t.typ,
      status: t.status,
      faelligAm: t.faelligAm,
      erledigtAm: t.erledigtAm,
      erstelltAm: t.erstelltAm,
    })),
  };
}

/** The answers with German labels, computed from the claim's flow as the claim pages show them. */
function labelledAnswers(
  produkt: ClaimProduct,
  antworten: Record<string, Record<string, unknown>>,
  { today, vertragsbeginn }: { today: CalendarDate; vertragsbeginn: CalendarDate },
): Datenauskunft['schaeden'][number]['angaben'] {
  const flow = createClaimFlow(produkt, {
    today,
    vertragsbeginn,
    // Stored answers hold health data only where the consent was there: show what was stored.
    gesundheitsEinwilligung: antworten['gesundheit'] !== undefined,
  });
  return summarizeClaimAnswers(flow, antworten).map((section) => ({
    schritt: section.schritt,
    titel: section.titel,
    angaben: section.angaben.map((line) => ({ label: line.label, wert: line.wert })),
  }));
}

export function claimsSection(
  read: Rows<typeof readClaims>,
  claimFiles: AttachedFiles,
  documentFiles: AttachedFiles,
  contracts: readonly StoredContract[],
): Datenauskunft['schaeden'] {
  return read.claims.map((claim) => {
    const produkt = claim.produkt as ClaimProduct;
    const status = claim.status as ClaimState;
    const contract = contracts.find((c) => c.id === claim.contractId);
    return {
      schadennummer: claim.schadennummer,
      produkt,
      produktName: CLAIM_PRODUCT_INFO[produkt].name,
      vertrag: claim.versicherungsNummer,
      schadentag: claim.schadentag,
      quelle: claim.quelle,
      gemeldetAm: iso(claim.gemeldetAm),
      geaendertAm: iso(claim.updatedAt),
      status,
      statusBezeichnung: CLAIM_STATE_LABELS[status],
      verlauf: read.history
        .filter((entry) => entry.claimId === claim.id)
        .map((entry) => ({
          status: entry.status as ClaimState,
          bezeichnung: CLAIM_STATE_LABELS[entry.status as ClaimState],
          am: iso(entry.am),
          grund: entry.grund,
        })),
      angaben: labelledAnswers(produkt, claim.antworten, {
        today: todayInGermany(claim.gemeldetAm),
        vertragsbeginn: contract?.vertragsBeginn ?? claim.schadentag,
      }),
      dateien: filesOf(claimFiles, claim.id),
      dokumente: read.documents
        .filter((document) => document.claimId === claim.id)
        .map((document) => ({
          titel: document.titel,
          beschreibung: document.beschreibung,
          fristBis: document.fristBis,
          erforderlich: document.erforderlich,
          quelle: document.quelle as (typeof CLAIM_DOCUMENT_SOURCES)[number],
          angefordertAm: iso(document.angefordertAm),
          eingereichtAm: isoOrNull(document.eingereichtAm),
          dateien: filesOf(documentFiles, document.id),
        })),
      nachrichten: read.messages
        .filter((message) => message.claimId === claim.id)
        .map((message) => ({
          von: message.autorArt,
          quelle: message.quelle,
          betreff: message.betreff,
          am: iso(message.createdAt),
          gelesenAm: isoOrNull(message.gelesenAm),
        })),
    };
  });
}

export function claimDraftsSection(
  drafts: Rows<typeof readClaimDrafts>,
  contracts: readonly StoredContract[],
  today: CalendarDate,
): Datenauskunft['schadenEntwuerfe'] {
  return drafts.map((draft) => {
    const produkt = draft.produkt as ClaimProduct;
    const contract = contracts.find((c) => c.id === draft.contractId);
    return {
      produkt,
      vertrag: draft.versicherungsNummer,
      gespeichertAm: iso(draft.updatedAt),
      angaben: labelledAnswers(produkt, draft.antworten, {
        today,
        vertragsbeginn: contract?.vertragsBeginn ?? today,
      }),
    };
  });
}

export function consentsSection(rows: Rows<typeof readConsents>): Datenauskunft['einwilligungen'] {
  return rows.map((row) => ({
    art: row.art as ConsentKind,
    version: row.version,
    wortlautSha256: row.sha256,
    erteiltAm: iso(row.erteiltAm),
    beendetAm: isoOrNull(row.beendetAm),
    beendetDurch: row.beendetDurch as ConsentEnding | null,
  }));
}

export function feedbackSection(rows: Rows<typeof readFeedback>): Datenauskunft['feedback'] {
  return rows.map((row) => ({
    quelle: row.quelle as FeedbackSource,
    bewertung: row.bewertung,
    kommentar: row.kommentar,
    abgegebenAm: iso(row.createdAt),
  }));
}

export function uploadsSection(rows: Rows<typeof readUploads>): Datenauskunft['hochgeladeneDateien'] {
  return rows.map((row) => ({
    name: row.dateiname,
    angegebeneGroesse: row.angegebeneGroesse,
    groesse: row.groesse,
    typ: row.typ,
    status: row.status,
    hinweise: row.hinweise,
    verwendetFuer: row.targetKind,
    hochgeladenAm: iso(row.createdAt),
    angehaengtAm: isoOrNull(row.attachedAt),
  }));
}
