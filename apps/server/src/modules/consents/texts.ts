// The wording of the consent to process health data (Art. 9 Abs. 2 lit. a DSGVO, § 213 VVG) and the
// module's German messages. A changed wording is a new version: change EINWILLIGUNG_GESUNDHEITSDATEN
// only together with its `version` (routes.test.ts pins the SHA-256 of the version), so every given
// consent keeps pointing at the exact words the customer agreed to (consent_texts).

export interface ConsentWording {
  version: string;
  /** The day this wording is used from (JJJJ-MM-TT). */
  gueltigAb: string;
  titel: string;
  /** The wording, one paragraph per entry, as shown and stored (joined by blank lines). */
  absaetze: readonly string[];
  /** What withdrawing means, shown next to the withdraw button. */
  widerrufsfolgen: string;
}

export const EINWILLIGUNG_GESUNDHEITSDATEN: ConsentWording = {
  version: '2026-11',
  gueltigAb: '2026-11-26',
  titel: 'Einwilligung in die Erhebung und Verwendung von Gesundheitsdaten',
  absaetze: [
    'Für die Prüfung und Regulierung von Schäden in der Reisekrankenversicherung, der Reiserücktrittsversicherung und bei Personenschäden in der Haftpflichtversicherung benötigen wir Angaben zu Ihrer Gesundheit oder zur Gesundheit mitversicherter oder geschädigter Personen, zum Beispiel ärztliche Atteste, Diagnosen, Behandlungs- und Krankenhausrechnungen.',
    'Gesundheitsdaten gehören zu den besonderen Kategorien personenbezogener Daten. Wir dürfen sie nur mit Ihrer ausdrücklichen Einwilligung erheben, speichern und nutzen (Art. 9 Abs. 2 Buchstabe a DSGVO). Soweit wir Auskünfte bei Ärztinnen und Ärzten, Krankenhäusern oder anderen Stellen einholen müssen, fragen wir Sie vorher im Einzelfall (§ 213 VVG).',
    'Ich willige ein, dass die Schirm Versicherung meine Gesundheitsdaten, die ich im Kundenportal bei einer Schadenmeldung angebe oder hochlade, erhebt, speichert und nutzt, soweit dies zur Prüfung meiner Ansprüche und zur Abwicklung des Schadens erforderlich ist. Dies gilt auch für die Weitergabe an von der Schirm Versicherung beauftragte Gutachterinnen und Gutachter, Assistance-Dienstleister und Rückversicherer, soweit sie die Daten für diese Zwecke benötigen und zur Verschwiegenheit verpflichtet sind.',
    'Für Angaben zur Gesundheit anderer Personen (zum Beispiel mitreisender Familienangehöriger) versichere ich, dass ich deren Einwilligung eingeholt habe oder sie gesetzlich vertrete.',
    'Die Einwilligung ist freiwillig. Ich kann sie jederzeit mit Wirkung für die Zukunft widerrufen, im Kundenportal unter „Einwilligung“ oder mit einer Nachricht an die Schirm Versicherung. Die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon unberührt.',
  ],
  widerrufsfolgen:
    'Nach einem Widerruf können wir Schäden, für die wir Angaben zu Ihrer Gesundheit brauchen, im Kundenportal nicht mehr aufnehmen und offene Schäden dieser Art nur noch eingeschränkt prüfen; in der Schadenmeldung werden keine Gesundheitsfragen mehr gestellt. Bereits gespeicherte Angaben bewahren wir nur auf, soweit gesetzliche Aufbewahrungspflichten es verlangen oder sie zur Abwehr von Ansprüchen nötig sind. Sie können jederzeit erneut einwilligen.',
};

/** The stored wording: title and paragraphs joined by blank lines (what the SHA-256 is taken of). */
export function wordingText(wording: ConsentWording): string {
  return [wording.titel, ...wording.absaetze].join('\n\n');
}

export const CONSENT_TEXTS = {
  errors: {
    versionChanged:
      'Der Text der Einwilligung wurde inzwischen geändert. Bitte lesen Sie die aktuelle Fassung und willigen Sie erneut ein.',
    notConfirmed: 'Bitte bestätigen Sie, dass Sie einwilligen.',
    noPartner: 'Die Einwilligung können nur Kundinnen und Kunden mit eigenem Zugang erteilen.',
  },
} as const;
