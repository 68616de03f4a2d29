// Builds the first screen of every product's application from its flow (the data of
// start/screens/*.generated.ts): the first step's title, intro and fields, and the step list of
// the path with no answers yet, for each setting of the two flags that shape the flows. Used by
// the generator and by the test that keeps the generated files equal to the flows; never by the
// app (it imports every flow, with zod and the validators).
import { PRODUCT_APPLICATIONS } from '@schirm/domain/application/applications';
import type { Field } from '@schirm/domain/application/fields';
import { reachableSteps } from '@schirm/domain/application/navigation';
import { applicationBaseRoute } from '@schirm/domain/application/product-application';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { FLAG_SETTINGS, type FlagSetting, type ProductStart, type StartScreen } from './start-screen';

// A date field's bounds depend on the day: the first screen shows the field without them; the
// wizard (with the flow) checks them.
function withoutDayBounds(field: Field): Field {
  if (field.kind === 'date') {
    const { min: _min, max: _max, ...rest } = field;
    return rest;
  }
  if (field.kind === 'list') return { ...field, itemFields: field.itemFields.map(withoutDayBounds) };
  return field;
}

function flagsOf(setting: FlagSetting) {
  return { newProductGenerations: setting[0] === 'n', travelHealthInsurance: setting[1] === 'g' };
}

/** Every product's first screen for a day (the result must not depend on it). */
export function buildStartScreens(today: CalendarDate): ProductStart[] {
  return Object.values(PRODUCT_APPLICATIONS)
    .filter((app) => app !== undefined)
    .map((app) => {
      const screens = Object.fromEntries(
        FLAG_SETTINGS.map((setting) => {
          const flow = app.createFlow({ today, ...flagsOf(setting) });
          const first = flow.steps[0]!;
          const path = reachableSteps(flow, {}, 'antrag').map((id) => ({
            id,
            title: flow.steps.find((step) => step.id === id)!.title,
          }));
          const screen: StartScreen = {
            stepId: first.id,
            title: first.title,
            ...(first.intro ? { intro: first.intro } : {}),
            fields: (first.fields ?? []).map(withoutDayBounds),
            path,
          };
          return [setting, screen];
        }),
      ) as Record<FlagSetting, StartScreen>;
      return {
        slug: app.slug,
        name: app.name,
        baseRoute: applicationBaseRoute(app),
        screens,
      };
    });
}
