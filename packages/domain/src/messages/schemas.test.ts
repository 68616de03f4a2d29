import { describe, expect, it } from 'vitest';
import { chatMessageSchema, messageListItemSchema } from './schemas';

const listItem = {
  aktenId: 'A-2026-000123',
  erstelldatum: '2026-11-20T14:05:00+01:00',
  betreff: 'Ihre Vertragsbestätigung',
  gelesen: false,
};

const chat = {
  id: 'm-1',
  author: 'Schirm Kundenservice',
  direction: 'incoming',
  time: '2026-11-20T14:05:00+01:00',
  source: 'EMAIL',
  subject: 'Rückfrage zu Ihrem Schaden',
  recipients: ['erika@example.de'],
  cc: [],
  html: true,
  content: '<p>Guten Tag</p>',
};

describe('message list item', () => {
  it.each([
    ['without optional fields', listItem],
    [
      'with text and attachments',
      {
        ...listItem,
        nachricht: 'Anbei Ihre Bestätigung.',
        anhaenge: [{ id: 'f-1', name: 'bestaetigung.pdf' }],
      },
    ],
  ])('accepts %s', (_, value) => {
    expect(messageListItemSchema.parse(value)).toEqual(value);
  });

  it.each([
    ['a date without time', { ...listItem, erstelldatum: '2026-11-20' }],
    ['an attachment without name', { ...listItem, anhaenge: [{ id: 'f-1' }] }],
    ['an unknown field', { ...listItem, gelesenAm: '2026-11-21' }],
    ['gelesen as text', { ...listItem, gelesen: 'nein' }],
  ])('rejects %s', (_, value) => {
    expect(messageListItemSchema.safeParse(value).success).toBe(false);
  });
});

describe('chat message', () => {
  it('accepts a spec chat message', () => {
    expect(chatMessageSchema.parse(chat)).toEqual(chat);
  });

  it.each([
    ['an unknown direction', { ...chat, direction: 'inbound' }],
    ['an unknown source', { ...chat, source: 'SMS' }],
    ['a missing html flag', { ...chat, html: undefined }],
    ['recipients as a string', { ...chat, recipients: 'erika@example.de' }],
  ])('rejects %s', (_, value) => {
    expect(chatMessageSchema.safeParse(value).success).toBe(false);
  });
});
