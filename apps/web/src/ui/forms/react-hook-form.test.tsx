import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { requiredTextSchema } from '@schirm/domain/validation/text';
import { Checkbox } from './checkbox';
import { CurrencyInput } from './currency-input';
import { NumberInput } from './number-input';
import { RadioGroup } from './radio-group';
import { Select } from './select';
import { TextInput } from './text-input';

const schema = z.object({
  nachname: requiredTextSchema('Bitte geben Sie Ihren Nachnamen ein.'),
  wohnflaeche: z.number({ error: 'Bitte geben Sie die Wohnfläche an.' }).positive(),
  jahresumsatz: z.number().optional(),
  familienstand: z.string({ error: 'Bitte wählen Sie Ihren Familienstand.' }),
  zahlweise: z.string({ error: 'Bitte wählen Sie eine Zahlweise.' }),
  zustimmung: z.boolean().refine((isAccepted) => isAccepted, { error: 'Bitte stimmen Sie zu.' }),
});

type Answers = z.input<typeof schema>;

function ApplicationForm({ onSubmit }: { onSubmit: (answers: z.output<typeof schema>) => void }) {
  const { control, handleSubmit } = useForm<Answers, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { nachname: '', zustimmung: false },
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Controller
        control={control}
        name="nachname"
        render={({ field, fieldState }) => (
          <TextInput {...field} label="Nachname" isRequired errorMessage={fieldState.error?.message} />
        )}
      />
      <Controller
        control={control}
        name="wohnflaeche"
        render={({ field, fieldState }) => (
          <NumberInput
            {...field}
            label="Wohnfläche in m²"
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="jahresumsatz"
        render={({ field }) => <CurrencyInput {...field} label="Jahresumsatz" />}
      />
      <Controller
        control={control}
        name="familienstand"
        render={({ field, fieldState }) => (
          <Select
            {...field}
            label="Familienstand"
            isRequired
            options={[
              { value: 'LEDIG', label: 'ledig' },
              { value: 'VERHEIRATET', label: 'verheiratet' },
            ]}
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="zahlweise"
        render={({ field, fieldState }) => (
          <RadioGroup
            {...field}
            label="Zahlweise"
            isRequired
            options={[
              { value: 'MONATLICH', label: 'monatlich' },
              { value: 'JAEHRLICH', label: 'jährlich' },
            ]}
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="zustimmung"
        render={({ field, fieldState }) => (
          <Checkbox {...field} label="Ich stimme zu" isRequired errorMessage={fieldState.error?.message} />
        )}
      />
      <button type="submit">Absenden</button>
    </form>
  );
}

describe('inputs with react-hook-form', () => {
  it('show the resolver errors as alerts and focus the first invalid field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ApplicationForm onSubmit={onSubmit} />);

    await user.click(screen.getByRole('button', { name: 'Absenden' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Bitte geben Sie Ihren Nachnamen ein.',
      'Bitte geben Sie die Wohnfläche an.',
      'Bitte wählen Sie Ihren Familienstand.',
      'Bitte wählen Sie eine Zahlweise.',
      'Bitte stimmen Sie zu.',
    ]);
    expect(screen.getByRole('textbox', { name: 'Nachname' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Nachname' })).toHaveAccessibleDescription(
      'Bitte geben Sie Ihren Nachnamen ein.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submit the values each input reports', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ApplicationForm onSubmit={onSubmit} />);

    await user.type(screen.getByRole('textbox', { name: 'Nachname' }), 'Müller');
    await user.type(screen.getByRole('textbox', { name: 'Wohnfläche in m²' }), '85,5');
    await user.type(screen.getByRole('textbox', { name: 'Jahresumsatz (optional)' }), '1234,5');
    await user.click(screen.getByRole('button', { name: /Familienstand/ }));
    await user.click(await screen.findByRole('option', { name: 'verheiratet' }));
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Zahlweise' })).getByRole('radio', { name: 'jährlich' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Ich stimme zu' }));
    await user.click(screen.getByRole('button', { name: 'Absenden' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      nachname: 'Müller',
      wohnflaeche: 85.5,
      jahresumsatz: 123450,
      familienstand: 'VERHEIRATET',
      zahlweise: 'JAEHRLICH',
      zustimmung: true,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
