import { describe, expect, it } from 'vitest';
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { buildStartScreens } from './build-start-screens';
import { PRODUCT_STARTS } from './screens/index.generated';

// The first screens are generated from the flows; a flow changed without generating them again
// fails here (run: npx tsx apps/web/src/features/application/start/generate-start-screens.ts).
describe('the generated first screens', () => {
  const today = todayInGermany();
  const built = buildStartScreens(today);

  it('name every product with an application, with its base route', () => {
    expect(PRODUCT_STARTS.map(({ slug, baseRoute }) => ({ slug, baseRoute }))).toEqual(
      built.map(({ slug, baseRoute }) => ({ slug, baseRoute })),
    );
  });

  it.each(built.map((start) => [start.slug, start] as const))(
    '%s: first step and path equal the flow',
    async (slug, start) => {
      const entry = PRODUCT_STARTS.find((candidate) => candidate.slug === slug)!;
      expect((await entry.load()).default).toEqual(start);
    },
  );

  it('do not depend on the day (a screen generated today holds on any other)', () => {
    expect(buildStartScreens(addDays(today, 400))).toEqual(built);
    expect(buildStartScreens(addDays(today, -200))).toEqual(built);
  });
});
