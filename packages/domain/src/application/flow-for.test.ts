import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar-date';
import type { Flow } from './flow';
import { fahrradApplication } from './flows/fahrrad';
import { reiseApplication } from './flows/reise';
import { flowFor } from './product-application';

/** Whether the flow's start step accepts `start` as the first day of cover. */
function acceptsStart(flow: Flow, start: string): boolean {
  const step = flow.steps.find((candidate) => candidate.id === 'beginn');
  if (!step) throw new Error('no start step');
  const result = step.pageSchema.safeParse({ versicherungsbeginn: start, zahlweise: 'MONATLICH' });
  return result.success;
}

const context = { today: '2026-06-15', newProductGenerations: true, travelHealthInsurance: false };

describe('flowFor', () => {
  it('builds a product’s flow once per day and flags and gives the same flow again', () => {
    const first = flowFor(fahrradApplication, context);
    expect(flowFor(fahrradApplication, { ...context })).toBe(first);
    expect(first.steps.map((step) => step.id)).toEqual(
      fahrradApplication.createFlow(context).steps.map((step) => step.id),
    );
  });

  it('builds another flow for another day, other flags or another product', () => {
    const first = flowFor(fahrradApplication, context);
    expect(flowFor(fahrradApplication, { ...context, today: '2026-06-16' })).not.toBe(first);
    expect(flowFor(fahrradApplication, { ...context, newProductGenerations: false })).not.toBe(first);
    const reise = flowFor(reiseApplication, { ...context, travelHealthInsurance: true });
    expect(reise.productKey).toBe(reiseApplication.productKey);
    expect(reise).not.toBe(flowFor(reiseApplication, context));
  });

  it('keeps giving correct flows after many days (old days are dropped)', () => {
    for (let day = 10; day < 30; day++) {
      const today = `2026-07-${String(day).padStart(2, '0')}`;
      // Cover starts tomorrow at the earliest: the flow of that day, not of a day before.
      const flow = flowFor(fahrradApplication, { ...context, today });
      expect(acceptsStart(flow, today)).toBe(false);
      expect(acceptsStart(flow, addDays(today, 1))).toBe(true);
    }
  });
});
