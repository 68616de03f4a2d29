// A small FAQ as GET /api/content/faq answers it, for the web tests of the FAQ page and the help panel.
import type { Faq } from '../faq';

export const faqFixture: Faq = {
  version: 'test-1',
  kategorien: [
    {
      id: 'anmeldung',
      titel: 'Anmeldung und Zugang',
      fragen: [
        {
          id: 'anmelden-mit-sms-code',
          frage: 'Wie melde ich mich im Kundenportal an?',
          hilfe: ['anmeldung'],
          antwort: [
            {
              type: 'list',
              ordered: true,
              items: [
                [
                  { type: 'text', text: 'Geben Sie auf der ' },
                  { type: 'link', text: 'Anmeldeseite', href: '/kunden/login/' },
                  { type: 'text', text: ' Ihre E-Mail-Adresse und Ihr Passwort ein.' },
                ],
                [{ type: 'text', text: 'Geben Sie den 6-stelligen Code aus der SMS ein.' }],
              ],
            },
          ],
        },
        {
          id: 'passwort-vergessen',
          frage: 'Ich habe mein Passwort vergessen. Was nun?',
          hilfe: ['passwort-vergessen', 'anmeldung'],
          antwort: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Wählen Sie ' },
                { type: 'link', text: 'Passwort vergessen?', href: '/kunden/login/passwort-vergessen/' },
                { type: 'text', text: ' auf der Anmeldeseite.' },
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'kuendigung-widerruf',
      titel: 'Kündigung und Widerruf',
      fragen: [
        {
          id: 'widerruf',
          frage: 'Kann ich einen neuen Vertrag widerrufen?',
          hilfe: ['vertragsdetails'],
          antwort: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Ja, innerhalb von ' },
                { type: 'strong', text: '14 Tagen' },
                { type: 'text', text: ' ohne Angabe von Gründen (§ 8 VVG).' },
              ],
            },
          ],
        },
        {
          id: 'kuendigen',
          frage: 'Wie kündige ich einen Vertrag?',
          hilfe: ['vertragsdetails'],
          antwort: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Wählen Sie „Verträge hier kündigen“.' }] },
          ],
        },
        {
          id: 'umzug',
          frage: 'Ich ziehe um. Was muss ich tun?',
          hilfe: [],
          antwort: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Ändern Sie den Versicherungsort in der Straße Ihrer neuen Wohnung.' },
              ],
            },
          ],
        },
      ],
    },
  ],
};
