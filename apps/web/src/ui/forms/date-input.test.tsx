import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateInput, dateRangeProblem } from './date-input';

describe('DateInput', () => {
  it('reports the date as yyyy-MM-dd and shows the German format hint with the allowed range', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DateInput
        label="Versicherungsbeginn"
        isRequired
        min="2026-11-23"
        max="2027-11-22"
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Versicherungsbeginn');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('min', '2026-11-23');
    expect(input).toHaveAttribute('max', '2027-11-22');
    expect(input).toHaveAccessibleDescription('Format: TT.MM.JJJJ, vom 23.11.2026 bis zum 22.11.2027');

    await user.type(input, '2026-12-01');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says which is the earliest date when an earlier one was entered', async () => {
    const user = userEvent.setup();
    render(<DateInput label="Versicherungsbeginn" isRequired min="2026-11-23" />);
    const input = screen.getByLabelText('Versicherungsbeginn');
    await user.type(input, '2026-11-22');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie ein Datum ab dem 23.11.2026 ein.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie ein Datum ab dem 23.11.2026 ein.'),
    );
  });

  it('says which is the latest date when a later one was entered', async () => {
    const user = userEvent.setup();
    render(<DateInput label="Geburtsdatum" max="2008-11-22" />);
    const input = screen.getByLabelText('Geburtsdatum (optional)');
    await user.type(input, '2010-01-01');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie ein Datum bis zum 22.11.2008 ein.');
  });

  it('reports undefined when cleared and cannot be changed while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <DateInput label="Stichtag" isRequired defaultValue="2026-01-31" onChange={onChange} />,
    );
    await user.clear(screen.getByLabelText('Stichtag'));
    expect(onChange).toHaveBeenLastCalledWith(undefined);

    rerender(<DateInput label="Stichtag" isRequired isDisabled value="2026-01-31" />);
    expect(screen.getByLabelText('Stichtag')).toBeDisabled();
    expect(screen.getByLabelText('Stichtag')).toHaveValue('2026-01-31');
  });

  it.each([
    ['2026-11-22', '2026-11-23', undefined, 'min'],
    ['2026-11-23', '2026-11-23', undefined, undefined],
    ['2027-11-23', undefined, '2027-11-22', 'max'],
    ['2027-11-22', undefined, '2027-11-22', undefined],
    ['2026-02-30', undefined, undefined, 'invalid'],
  ] as const)('%s within [%s, %s] → %s', (value, min, max, problem) => {
    expect(dateRangeProblem(value, min, max)).toBe(problem);
  });
});
