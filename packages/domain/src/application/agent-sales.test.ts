import { describe, expect, it } from 'vitest';
import { agentMaySell } from './agent-sales';

describe('agentMaySell', () => {
  it.each([
    ['AUSSCHLIESSLICHKEITSVERTRIEB', 'betriebshaftpflicht', true],
    ['MAKLER', 'vermoegensschadenhaftpflicht', true],
    ['BANKVERTRIEB', 'privathaftpflicht', true],
    ['BANKVERTRIEB', 'hausrat', true],
    ['BANKVERTRIEB', 'betriebshaftpflicht', false],
    ['BANKVERTRIEB', 'sachinhalt-mehrgefahren', false],
  ] as const)('%s sells %s: %s', (vertriebsweg, slug, expected) => {
    expect(agentMaySell(vertriebsweg, slug)).toBe(expected);
  });
});
