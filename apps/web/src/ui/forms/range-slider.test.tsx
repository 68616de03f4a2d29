import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RangeSlider, snapToAllowed } from './range-slider';

const SELBSTBETEILIGUNG = [0, 150, 300, 500, 1000];

describe('RangeSlider', () => {
  it('starts at 300 EUR and steps with the arrow keys to the next allowed value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <RangeSlider
        label="Selbstbeteiligung"
        isRequired
        values={SELBSTBETEILIGUNG}
        defaultValue={300}
        unit="EUR"
        onChange={onChange}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Selbstbeteiligung' });
    expect(screen.getByRole('status')).toHaveTextContent('300 EUR');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^300\sEUR$/));

    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('status')).toHaveTextContent('500 EUR');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^500\sEUR$/));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('status')).toHaveTextContent('1.000 EUR');
    expect(onChange.mock.calls.map(([value]) => value)).toEqual([500, 1000]);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('status')).toHaveTextContent('1.000 EUR');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('status')).toHaveTextContent('150 EUR');
    await user.keyboard('{Home}');
    expect(screen.getByRole('status')).toHaveTextContent('0 EUR');
  });

  it('follows a controlled value', () => {
    render(
      <RangeSlider label="Selbstbeteiligung" isRequired values={SELBSTBETEILIGUNG} value={150} unit="EUR" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('150 EUR');
  });

  it('labels an optional slider and cannot be moved while disabled', async () => {
    const user = userEvent.setup();
    render(
      <RangeSlider
        label="Selbstbeteiligung"
        isDisabled
        values={SELBSTBETEILIGUNG}
        defaultValue={300}
        unit="EUR"
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Selbstbeteiligung (optional)' });
    expect(slider).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('status')).toHaveTextContent('300 EUR');
  });

  it.each([
    [300, 450, 500],
    [500, 650, 1000],
    [1000, 850, 500],
    [300, 150, 150],
    [0, 1000, 1000],
    [1000, 20, 0],
    [300, 410, 500],
  ])('snaps from %i towards %i to %i', (current, proposed, expected) => {
    expect(snapToAllowed(SELBSTBETEILIGUNG, current, proposed)).toBe(expected);
  });
});
