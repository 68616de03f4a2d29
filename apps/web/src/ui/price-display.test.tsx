import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceDisplay } from './price-display';

describe('PriceDisplay', () => {
  it('shows the fee per payment period with the insurance tax note', () => {
    render(<PriceDisplay price={{ proportionalFee: 8.9, paymentPeriod: 'MONATLICH' }} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('8,90 EUR');
    expect(status).toHaveTextContent('monatlich');
    expect(screen.getByText('inkl. 19 % Versicherungsteuer')).toBeVisible();
    expect(status).toHaveAttribute('aria-busy', 'false');
  });

  it.each([
    ['VIERTELJAEHRLICH', 'vierteljährlich'],
    ['HALBJAEHRLICH', 'halbjährlich'],
    ['JAEHRLICH', 'jährlich'],
    ['EINMALIG', 'einmalig'],
  ] as const)('names the period %s as "%s"', (paymentPeriod, label) => {
    render(<PriceDisplay price={{ proportionalFee: 1234.5, paymentPeriod }} />);
    expect(screen.getByText(label)).toBeVisible();
    expect(screen.getByText('1.234,50 EUR')).toBeVisible();
  });

  it('replaces the price with a busy indicator while calculating', () => {
    const { rerender } = render(
      <PriceDisplay price={{ proportionalFee: 8.9, paymentPeriod: 'MONATLICH' }} isCalculating />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Beitrag wird berechnet …');
    expect(screen.queryByText('8,90 EUR')).not.toBeInTheDocument();

    rerender(<PriceDisplay price={{ proportionalFee: 9.5, paymentPeriod: 'MONATLICH' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('9,50 EUR');
    expect(screen.queryByText('Beitrag wird berechnet …')).not.toBeInTheDocument();
  });
});
