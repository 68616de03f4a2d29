// The PHV's co-insured persons by family status: a change of the family status (self-service)
// keeps only the persons the new status includes, as the application flow prunes its steps.
import { describe, expect, it } from 'vitest';
import { makeContract } from '../../contract/contract-fixture.test-helper';
import { applyChange } from '../../contract/pending-changes';
import type { PendingChange } from '../../contract/contract-record';
import type { PhvMitversichertePerson } from './tariff';
import { mitversicherteFuer, phvDetailsSchema } from './tariff';

const partner: PhvMitversichertePerson = {
  art: 'MITVERSICHERTE_PERSON',
  vorname: 'Max',
  name: 'Mustermann',
  geburtsdatum: '1983-09-30',
};
const familienstand = (value: 'PAAR' | 'SINGLE'): PendingChange => ({
  type: 'familienstand',
  value,
  wirksamkeitsdatum: '2026-12-01',
  createdAt: '2026-11-01T10:00:00.000Z',
  praemieNachAenderung: { nettoJahresbeitragCents: 5_000, bruttoBeitragProPeriodeCents: 5_950 },
});
const kind: PhvMitversichertePerson = {
  art: 'MITVERSICHERTES_KIND',
  vorname: 'Lena',
  name: 'Mustermann',
  geburtsdatum: '2015-02-01',
};

describe('PHV co-insured persons', () => {
  it('each family status keeps the kinds it includes', () => {
    expect(mitversicherteFuer('FAMILIE', [partner, kind])).toEqual([partner, kind]);
    expect(mitversicherteFuer('PAAR', [partner, kind])).toEqual([partner]);
    expect(mitversicherteFuer('SINGLE_PLUS_KIND', [partner, kind])).toEqual([kind]);
    expect(mitversicherteFuer('SINGLE', [partner, kind])).toEqual([]);
    expect(mitversicherteFuer('FAMILIE', undefined)).toEqual([]);
  });

  it('the contract details accept them by kind, name and a real birth date', () => {
    const details = { phv: { familienstand: 'FAMILIE' }, mitversichertePersonen: [partner, kind] };
    expect(phvDetailsSchema.safeParse(details).success).toBe(true);
    const wrong = { ...details, mitversichertePersonen: [{ ...kind, geburtsdatum: '2015-02-30' }] };
    expect(phvDetailsSchema.safeParse(wrong).success).toBe(false);
    const unknownKind = { ...details, mitversichertePersonen: [{ ...kind, art: 'HAUSTIER' }] };
    expect(phvDetailsSchema.safeParse(unknownKind).success).toBe(false);
  });

  it('a family that becomes a couple keeps the partner and drops the children', () => {
    const record = makeContract({
      produkt: 'PRIVATHAFTPFLICHT',
      details: {
        produktKey: 'PRIVATHAFTPFLICHT',
        phv: { familienstand: 'FAMILIE' },
        mitversichertePersonen: [partner, kind],
      },
    });
    const changed = applyChange(record, familienstand('PAAR'));
    expect(changed.details).toMatchObject({
      phv: { familienstand: 'PAAR' },
      mitversichertePersonen: [partner],
    });
    const single = applyChange(record, familienstand('SINGLE'));
    expect(single.details).not.toHaveProperty('mitversichertePersonen');
  });
});
