// The insurer's identity as the information duties name it (§ 1 Abs. 1 Nr. 1–3, 15 VVG-InfoV):
// one place for the printed documents, so every document names the same company, address,
// supervisory authority and complaint bodies.

export const INSURER = {
  name: 'Schirm Versicherung AG',
  legalForm: 'Aktiengesellschaft',
  street: 'Hohenzollernring 54',
  postcode: '50672',
  city: 'Köln',
  seat: 'Köln',
  register: 'Amtsgericht Köln',
  representation: 'vertreten durch den Vorstand',
  phone: '0221 998877-0',
  email: 'service@schirm.de',
  web: 'www.schirm.de',
  mainBusiness:
    'Die Hauptgeschäftstätigkeit der Schirm Versicherung AG ist der Betrieb der Schaden- und Unfallversicherung ' +
    'für Privat- und Gewerbekunden in Deutschland, insbesondere der Haftpflicht-, Sach-, Reise- und Kraftfahrtversicherung.',
} as const;

/** One line with the ladungsfähige Anschrift. */
export const INSURER_ADDRESS = `${INSURER.name}, ${INSURER.street}, ${INSURER.postcode} ${INSURER.city}`;

export const OMBUDSMAN = {
  name: 'Versicherungsombudsmann e.V.',
  address: 'Postfach 08 06 32, 10006 Berlin',
  web: 'www.versicherungsombudsmann.de',
  email: 'beschwerde@versicherungsombudsmann.de',
} as const;

export const BAFIN = {
  name: 'Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin)',
  address: 'Graurheindorfer Straße 108, 53117 Bonn',
  web: 'www.bafin.de',
} as const;

/** Edition of the printed texts; part of every text version (e.g. 'IPID-FAHRRAD-2026-11'). */
export const TEXT_EDITION = '2026-11';

/** The day the edition was issued: the PDFs' creation date (fixed, so the bytes are stable). */
export const TEXT_EDITION_DATE = '2026-11-01';
