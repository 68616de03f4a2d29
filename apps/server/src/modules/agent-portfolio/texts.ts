// German texts of the Kundenbestand (issue 15, ADR 0030): error messages and the download's columns.

export const PORTFOLIO_TEXTS = {
  untervermittlerUnbekannt:
    'Diesen Vermittler finden wir in Ihrem Bestand nicht. Bitte wählen Sie einen Vermittler aus der Liste.',
  produktUnbekannt: 'Bitte wählen Sie ein Produkt aus der Liste.',
  statusUnbekannt: 'Bitte wählen Sie einen Vertragsstatus aus der Liste.',
  sortierungUnbekannt: 'Bitte wählen Sie eine Sortierung aus der Liste.',
  sucheZuLang: 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.',
  seite: 'Die Seite muss eine ganze Zahl ab 1 sein.',
  proSeite: 'Pro Seite können 1 bis 100 Kunden angezeigt werden.',
  jaNein: 'Bitte geben Sie „true“ oder „false“ an.',
  format: 'Bitte wählen Sie das Format xlsx oder csv.',
  blattname: 'Kundenbestand',
  ja: 'Ja',
  nein: 'Nein',
} as const;
