import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateInput, dateRangeProblem, type FocusHandle } from './date-input';

// happy-dom fires 'selectionchange' at once, even when the selection does not move; browsers queue
// it and skip such no-ops. React Aria's date segments collapse the selection on that event, which
// would loop forever here, so a collapse onto the current position is skipped like in a browser.
const originalCollapse = Selection.prototype.collapse;
beforeAll(() => {
  Selection.prototype.collapse = function collapse(this: Selection, node: Node | null, offset?: number) {
    const isSamePlace = this.anchorNode === node && (this.anchorOffset ?? 0) === (offset ?? 0);
    if (this.isCollapsed && isSamePlace) return;
    originalCollapse.call(this, node, offset);
  };
});
afterAll(() => {
  Selection.prototype.collapse = originalCollapse;
});

function dateGroup(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

describe('DateInput', () => {
  it('takes day, month and year in German order and reports yyyy-MM-dd', async () => {
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
    const group = dateGroup('Versicherungsbeginn');
    const parts = within(group).getAllByRole('spinbutton');
    expect(parts.map((part) => part.getAttribute('aria-label'))).toEqual(['Tag, ', 'Monat, ', 'Jahr, ']);
    expect(group).toHaveTextContent(/^tt\.mm\.jjjj$/i);

    await user.click(parts[0]!);
    await user.keyboard('01122026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
    expect(group).toHaveTextContent('01.12.2026');
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the German format hint with the allowed range', () => {
    render(<DateInput label="Versicherungsbeginn" isRequired min="2026-11-23" max="2027-11-22" />);
    expect(screen.getByText('Format: TT.MM.JJJJ, vom 23.11.2026 bis zum 22.11.2027')).toBeInTheDocument();
    expect(
      within(dateGroup('Versicherungsbeginn')).getAllByRole('spinbutton')[0],
    ).toHaveAccessibleDescription('Format: TT.MM.JJJJ, vom 23.11.2026 bis zum 22.11.2027');
  });

  it('says which is the earliest date when an earlier one was entered and the field is left', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DateInput label="Versicherungsbeginn" isRequired min="2026-11-23" />
        <button type="button">Weiter</button>
      </>,
    );
    await user.click(within(dateGroup('Versicherungsbeginn')).getAllByRole('spinbutton')[0]!);
    await user.keyboard('22112026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie ein Datum ab dem 23.11.2026 ein.');
    const day = within(dateGroup('Versicherungsbeginn')).getAllByRole('spinbutton')[0];
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie ein Datum ab dem 23.11.2026 ein.'),
    );
  });

  it('says which is the latest date when a later one was entered', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DateInput label="Geburtsdatum" max="2008-11-22" />
        <button type="button">Weiter</button>
      </>,
    );
    await user.click(within(dateGroup('Geburtsdatum (optional)')).getAllByRole('spinbutton')[0]!);
    await user.keyboard('01012010');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie ein Datum bis zum 22.11.2008 ein.');
  });

  it('picks a date from the calendar', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateInput label="Stichtag" isRequired defaultValue="2026-01-31" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Kalender/ }));
    const calendar = await screen.findByRole('application');
    await user.click(within(calendar).getByRole('button', { name: /15\. Januar 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith('2026-01-15');
  });

  it('shows a controlled value, cannot be changed while disabled and can be focused by a form', () => {
    const ref = createRef<FocusHandle>();
    render(<DateInput ref={ref} label="Stichtag" isRequired isDisabled value="2026-01-31" />);
    const group = dateGroup('Stichtag');
    expect(group).toHaveTextContent('31.01.2026');
    expect(within(group).getAllByRole('spinbutton')[0]).toHaveAttribute('aria-disabled', 'true');
  });

  it('moves the focus to the day when a form asks', () => {
    const ref = createRef<FocusHandle>();
    render(<DateInput ref={ref} label="Stichtag" isRequired />);
    ref.current?.focus();
    expect(within(dateGroup('Stichtag')).getAllByRole('spinbutton')[0]).toHaveFocus();
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
