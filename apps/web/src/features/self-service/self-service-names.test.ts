// One name per self-service (issue 12): the link on the contract page, the page it opens and the
// pending entry it leaves name the same thing ('Elementarschutz ändern' opens 'Elementarschutz
// ändern' and leaves 'Elementarschutz ab …'). The names live in the texts (contracts: detail
// actions and pending types; self-service: page headlines and titles); this test keeps them one.
import { describe, expect, it } from 'vitest';
import { SELF_SERVICE_CHANGE_TYPES } from '@schirm/domain/contract/offered-changes';
import contracts from '../../../../../packages/texts/live/contracts.json';
import selfService from '../../../../../packages/texts/live/self-service.json';
import termination from '../../../../../packages/texts/live/termination.json';

const actions: Record<string, string> = contracts.details.action;
const pendingTypes: Record<string, string> = contracts.details.pendingType;
const pages = selfService as unknown as Record<string, { headline?: string; title?: string } | undefined>;

/** The thing a link names: 'Elementarschutz ändern' → 'Elementarschutz'. */
const subjectOf = (action: string) => action.replace(/ (ändern|melden)$/, '');

describe('self-service names', () => {
  const slugs = Object.keys(SELF_SERVICE_CHANGE_TYPES) as (keyof typeof SELF_SERVICE_CHANGE_TYPES)[];

  it.each(slugs)('%s: the link names the page it opens', (slug) => {
    expect(actions[slug]).toBeDefined();
    expect(pages[slug]?.headline).toBe(actions[slug]);
    expect(pages[slug]?.title).toBe(`${actions[slug]} – {{brand}}`);
  });

  // A page that saves a type of its own leaves a pending entry under the page's name; Hausrat's
  // 'Versicherte Bausteine' and the coverage variant share the type 'deckung', the frame number
  // is applied at once and never waits as a pending entry.
  const ownType = slugs.filter(
    (slug) =>
      slug !== 'versicherte-kosten' &&
      slug !== 'rahmennummer' &&
      slugs.filter((other) => SELF_SERVICE_CHANGE_TYPES[other] === SELF_SERVICE_CHANGE_TYPES[slug]).length ===
        1,
  );
  it.each(ownType)('%s: the pending entry carries the name of the link', (slug) => {
    expect(pendingTypes[SELF_SERVICE_CHANGE_TYPES[slug]]).toBe(subjectOf(actions[slug]!));
  });

  it('names one contract where one contract is meant', () => {
    expect(actions['kuendigen-widerrufen']).toBe('Vertrag hier kündigen oder widerrufen');
    expect(termination.cancellation.start).toBe('Vertrag hier kündigen');
  });
});
