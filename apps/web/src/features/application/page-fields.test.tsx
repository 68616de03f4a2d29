import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_APPLICATIONS } from '@schirm/domain/application/applications';
import type { Field } from '@schirm/domain/application/fields';
import { pageErrors } from '@schirm/domain/application/submission';
import { PageFields, type PageFieldErrors } from './page-fields';
import {
  expectNoAxeViolations,
  fakeApi,
  patchSelection,
  TODAY,
  unpatchSelection,
} from './application-test-support';

beforeAll(patchSelection);
afterAll(unpatchSelection);

const CONTEXT = { today: TODAY, newProductGenerations: true, travelHealthInsurance: true };

function labelsOf(fields: readonly Field[], values: Record<string, unknown>): string[] {
  return fields.flatMap((field) => {
    if (field.kind === 'notice' || field.kind === 'documents' || field.kind === 'variants') return [];
    if ('visibleWhen' in field && field.visibleWhen && !field.visibleWhen.in.includes(values[field.key]))
      return [];
    return [field.label];
  });
}

function Page({ fields, errors = {} }: { fields: readonly Field[]; errors?: PageFieldErrors }) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  return (
    <form aria-label="Seite">
      <PageFields fields={fields} values={values} onChange={(change) => setValues(change)} errors={errors} />
    </form>
  );
}

describe('PageFields', () => {
  const steps = Object.values(PRODUCT_APPLICATIONS).flatMap((app) =>
    app.createFlow(CONTEXT).steps.map((step) => [`${app.slug}/${step.id}`, step] as const),
  );

  it.each(steps)(
    '%s renders every field from its data, with the German errors of its page schema, without axe violations',
    { timeout: 30_000 },
    async (_name, step) => {
      const errors: Record<string, string> = {};
      for (const error of pageErrors(step, {})) errors[error.path] ??= error.message;
      const { container } = render(<Page fields={step.fields ?? []} errors={errors} />);
      for (const label of labelsOf(step.fields ?? [], {})) {
        expect(screen.getAllByText(label, { exact: false }).length).toBeGreaterThan(0);
      }
      for (const message of Object.values(errors)) {
        const isDrawnHere = (field: Field) => field.kind !== 'variants' && field.kind !== 'documents';
        if (step.fields?.some((field) => isDrawnHere(field) && errors[field.key] === message)) {
          expect(screen.getAllByText(message).some((node) => node.getAttribute('role') === 'alert')).toBe(
            true,
          );
        }
      }
      await expectNoAxeViolations(container);
    },
  );

  it('adds and removes list items and keeps the answers of each', async () => {
    const onChange = vi.fn();
    const list: Field = {
      key: 'hunde',
      kind: 'list',
      label: 'Ihre Hunde',
      itemLabel: 'Hund',
      addLabel: 'Weiteren Hund hinzufügen',
      min: 1,
      max: 3,
      itemFields: [{ key: 'name', kind: 'text', label: 'Name des Hundes' }],
    };
    function ListPage() {
      const [values, setValues] = useState<Record<string, unknown>>({});
      onChange(values);
      return (
        <PageFields fields={[list]} values={values} onChange={(change) => setValues(change)} errors={{}} />
      );
    }
    render(<ListPage />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name des Hundes' }), 'Bello');
    await userEvent.click(screen.getByRole('button', { name: 'Weiteren Hund hinzufügen' }));
    const second = within(screen.getByRole('group', { name: 'Hund 2' }));
    await userEvent.type(second.getByRole('textbox', { name: 'Name des Hundes' }), 'Luna');
    expect(onChange).toHaveBeenLastCalledWith({ hunde: [{ name: 'Bello' }, { name: 'Luna' }] });
    await userEvent.click(screen.getByRole('button', { name: 'Hund 1 entfernen' }));
    expect(onChange).toHaveBeenLastCalledWith({ hunde: [{ name: 'Luna' }] });
    expect(screen.queryByRole('button', { name: /entfernen/ })).not.toBeInTheDocument();
  });

  it('shows the name of a chosen finder entry again after a reload, also without a search text key', async () => {
    sessionStorage.clear();
    fakeApi({
      'GET /api/finder/gewerbeartsuche': () => ({
        body: [
          { id: 'bhv-cafe', name: 'Café', insurableOnline: true },
          { id: 'bhv-spielhalle', name: 'Spielhalle', insurableOnline: false },
        ],
      }),
    });
    const finder: Field = {
      key: 'gewerbe',
      kind: 'finder',
      finder: 'gewerbeart',
      produkt: 'BHV',
      label: 'Tätigkeit',
    };
    const first = render(<Page fields={[finder]} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Tätigkeit' }), 'Ca');
    expect(screen.queryByRole('option', { name: 'Spielhalle' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Café' }));
    first.unmount();
    vi.unstubAllGlobals();

    render(<PageFields fields={[finder]} values={{ gewerbe: 'bhv-cafe' }} onChange={vi.fn()} errors={{}} />);
    expect(screen.getByRole('combobox', { name: 'Tätigkeit' })).toHaveValue('Café');
  });
});
