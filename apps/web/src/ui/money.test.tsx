import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Cents, Money } from './money';

describe('Money', () => {
  it('shows euros in German format with two decimals and EUR', () => {
    render(<Money euros={1234.56} />);
    expect(screen.getByText('1.234,56 EUR')).toBeVisible();
  });

  it('shows whole and negative amounts with two decimals', () => {
    render(
      <>
        <Money euros={300} />
        <Money euros={-12.5} />
      </>,
    );
    expect(screen.getByText('300,00 EUR')).toBeVisible();
    expect(screen.getByText('-12,50 EUR')).toBeVisible();
  });

  it('shows a million or more as "Mio. EUR" when compact, in full otherwise', () => {
    render(
      <>
        <Money euros={1_500_000} compact />
        <Money euros={1_500_000} />
        <Money euros={999_999.99} compact />
      </>,
    );
    expect(screen.getByText('1,5 Mio. EUR')).toBeVisible();
    expect(screen.getByText('1.500.000,00 EUR')).toBeVisible();
    expect(screen.getByText('999.999,99 EUR')).toBeVisible();
  });
});

describe('Cents', () => {
  it('shows integer cents as euros', () => {
    render(<Cents cents={123456} />);
    expect(screen.getByText('1.234,56 EUR')).toBeVisible();
  });

  it('has no float artefacts', () => {
    render(<Cents cents={30} />);
    expect(screen.getByText('0,30 EUR')).toBeVisible();
  });
});
