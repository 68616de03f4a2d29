// German messages of the advice channels (issue 15).
export const ADVICE_TEXTS = {
  agentNotFound:
    'Diesen Vermittler finden wir nicht. Bitte prüfen Sie den Link oder wenden Sie sich direkt an Ihren Vermittler.',
  productNotAllowed:
    'Ihr Vermittler bietet dieses Produkt nicht an. Bitte wenden Sie sich an Ihren Vermittler oder schließen Sie das Produkt direkt bei uns ab.',
  brandPathUnknown:
    'Diese Seite gibt es nicht: Unter dieser Marke bieten wir das Produkt nicht über einen Vermittler an. Bitte prüfen Sie den Link.',
  agentOnly: 'Diese Beratung steht nur angemeldeten Vermittlern offen.',
  customerUnknown:
    'Diesen Kunden finden wir in Ihrem Bestand nicht. Bitte wählen Sie den Kunden aus Ihrem Kundenbestand.',
  draftUnknown:
    'Diesen Entwurf finden wir nicht (mehr). Vielleicht wurde er gelöscht oder ist abgelaufen. Bitte beginnen Sie die Beratung neu.',
  draftExpired: 'Dieser Entwurf ist abgelaufen. Bitte beginnen Sie die Beratung neu.',
  draftHandedOver:
    'Ihr Antrag liegt jetzt bei Ihrem Vermittler. Er meldet sich bei Ihnen, um ihn mit Ihnen fortzusetzen.',
  unknownProduct: 'Dieses Produkt können wir nicht anbieten. Bitte wählen Sie ein anderes Produkt.',
  unknownVariant: 'Diese Variante gibt es für das Produkt nicht. Bitte wählen Sie eine angebotene Variante.',
  chatContactUnknown:
    'Zu dieser Beratung finden wir kein Gesprächsprotokoll für diese E-Mail-Adresse. Bitte prüfen Sie den Link.',
  chatMail: {
    subject: (produktName: string) => `Ihr Beratungsgespräch zur ${produktName}`,
    body: (vermittler: string) =>
      [
        'Guten Tag,',
        '',
        `anbei erhalten Sie das Protokoll Ihres Beratungsgesprächs mit ${vermittler} als PDF.`,
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung AG',
      ].join('\n'),
  },
  handoverMail: {
    subject: 'Ein Antrag wurde Ihnen übergeben',
    body: (produktName: string, link: string) =>
      [
        'Guten Tag,',
        '',
        `eine Kundin oder ein Kunde hat Ihnen einen begonnenen Antrag zur ${produktName} übergeben.`,
        `Sie finden ihn unter Ihren Entwürfen: ${link}`,
        '',
        'Ihre Schirm Versicherung AG',
      ].join('\n'),
  },
} as const;
