import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loading } from './loading';
import { Spinner } from './spinner';

describe('Loading', () => {
  it('announces the German default text as a status', () => {
    render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen …');
  });

  it('announces its own text, also when it is only for screen readers', () => {
    render(<Loading label="Beitrag wird berechnet …" isLabelHidden />);
    expect(screen.getByRole('status')).toHaveTextContent('Beitrag wird berechnet …');
  });
});

describe('Spinner', () => {
  it('is hidden from assistive technology because it carries no words', () => {
    const { container } = render(<Spinner />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
