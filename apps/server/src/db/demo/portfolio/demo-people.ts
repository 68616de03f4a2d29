// Stable identities of the curated demo set, for the sign-ins the identity work creates and for
// tests and docs that name them. E-mail addresses use the reserved domain example.com (RFC 2606);
// SMS to the mobile numbers go to the development outbox, never to a phone.

/** The demo agents: one agency with two sub-agents, one of which has a sub-agent of its own. */
export const DEMO_AGENTS = {
  hauptagentur: {
    vermittlerNummer: '4711000001',
    name: 'Claudia Krüger',
    email: 'claudia.krueger@example.com',
    mobil: '+4915200000201',
  },
  unteragenturWolf: {
    vermittlerNummer: '4711000002',
    name: 'Stefan Wolf',
    email: 'stefan.wolf@example.com',
    mobil: '+4915200000202',
  },
  unteragenturBraun: {
    vermittlerNummer: '4711000003',
    name: 'Leonie Braun',
    email: 'leonie.braun@example.com',
    mobil: '+4915200000203',
  },
  /** Sub-agent of Stefan Wolf: two levels below the agency. */
  unteragenturHartmann: {
    vermittlerNummer: '4711000004',
    name: 'Nina Hartmann',
    email: 'nina.hartmann@example.com',
    mobil: '+4915200000204',
  },
} as const;

/** The demo customers with their partner numbers and the contract numbers they hold. */
export const DEMO_CUSTOMERS = {
  /** Private customer with a contract of every private product (Hauptagentur Krüger). */
  annaSchneider: {
    partnerNummer: '1000000001',
    name: 'Anna Schneider',
    email: 'anna.schneider@example.com',
    mobil: '+4915200000101',
    vermittlerNummer: DEMO_AGENTS.hauptagentur.vermittlerNummer,
    contracts: {
      phv: '9000000101',
      thv: '9000000102',
      hausrat: '9000000103',
      /** Concluded a few days ago: still within the revocation period. */
      fahrrad: '9000000104',
      reise: '9000000105',
      /** Last year's trip: ended by expiry (BEENDET). */
      reiseVorjahr: '9000000106',
      /** Previous bike, cancelled (BEENDET). */
      fahrradAlt: '9000000107',
    },
  },
  /** Company with the commercial products (Unteragentur Wolf); signs in as its managing director. */
  weberDigital: {
    partnerNummer: '1000000002',
    name: 'Weber Digitalagentur GmbH',
    ansprechpartner: 'Markus Weber',
    email: 'markus.weber@example.com',
    mobil: '+4915200000102',
    vermittlerNummer: DEMO_AGENTS.unteragenturWolf.vermittlerNummer,
    contracts: {
      /** Overdue premium with a reminder (mahnung) and an open revenue reminder task. */
      bhv: '9000000201',
      /** Cancelled to the next main due date (AUSLAUFEND). */
      vh: '9000000202',
      siAllgefahren: '9000000203',
      /** Rescinded after the move out of the old office (AUFGEHOBEN). */
      siMehrgefahren: '9000000204',
      /** Revoked within the revocation period (STORNIERT). */
      bhvAlt: '9000000205',
      /** Running VH for the consulting business (office liability, private-liability count). */
      vhBeratung: '9000000206',
    },
  },
  /** Private customer of Unteragentur Braun. */
  jonasBecker: {
    partnerNummer: '1000000003',
    name: 'Jonas Becker',
    email: 'jonas.becker@example.com',
    mobil: '+4915200000103',
    vermittlerNummer: DEMO_AGENTS.unteragenturBraun.vermittlerNummer,
    contracts: {
      phv: '9000000301',
      hausrat: '9000000302',
      /** Cancelled by the customer, ends in a few weeks (AUSLAUFEND). */
      thv: '9000000303',
    },
  },
  /** Private customer of Nina Hartmann, two levels below the agency. */
  sophieLehmann: {
    partnerNummer: '1000000004',
    name: 'Sophie Lehmann',
    email: 'sophie.lehmann@example.com',
    mobil: '+4915200000104',
    vermittlerNummer: DEMO_AGENTS.unteragenturHartmann.vermittlerNummer,
    contracts: {
      phv: '9000000401',
      fahrrad: '9000000402',
    },
  },
} as const;
