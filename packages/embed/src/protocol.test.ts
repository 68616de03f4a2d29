import { describe, expect, it } from 'vitest';
import { EMBED_COMMAND_TIMEOUT_MS, isEmbedMessage, isEmbedReply, timeoutError } from './protocol';

describe('embedding protocol', () => {
  it('accepts a well-formed command and rejects unknown commands or parties', () => {
    const message = {
      id: '1',
      sender: 'child',
      receiver: 'parent',
      name: 'resize',
      payload: { height: 800 },
    };
    expect(isEmbedMessage(message)).toBe(true);
    expect(isEmbedMessage({ ...message, name: 'deleteEverything' })).toBe(false);
    expect(isEmbedMessage({ ...message, sender: 'sibling' })).toBe(false);
    expect(isEmbedMessage('resize')).toBe(false);
  });

  it('recognises replies by their corresponding command id', () => {
    expect(
      isEmbedReply({
        id: '2',
        sender: 'parent',
        receiver: 'child',
        correspondingCommandId: '1',
        payload: null,
      }),
    ).toBe(true);
    expect(isEmbedReply({ id: '2', sender: 'parent', receiver: 'child', payload: null })).toBe(false);
  });

  it('times out after 20 seconds with the spec message', () => {
    expect(EMBED_COMMAND_TIMEOUT_MS).toBe(20_000);
    expect(timeoutError('getTheme').message).toBe('Timeout exceeded for command getTheme');
  });
});
