// The server names pending changes (packages/domain pending-change-text.ts); the links and pages
// name them in the texts. One name per thing (issue 12, item 8): both must agree.
import { describe, expect, it } from 'vitest';
import { CHANGE_NAMES, HAUSRAT_COVER_LIST_NAME } from '@schirm/domain/contract/pending-change-text';
import contracts from '../../../../../packages/texts/live/contracts.json';

describe('names of pending changes', () => {
  it.each(Object.entries(CHANGE_NAMES))('%s is named as in the texts', (type, name) => {
    expect(name).toBe((contracts.details.pendingType as Record<string, string>)[type]);
  });

  it('names a Hausrat cover list like the page that makes it', () => {
    expect(`${HAUSRAT_COVER_LIST_NAME} ändern`).toBe(contracts.details.action['versicherte-kosten']);
  });
});
