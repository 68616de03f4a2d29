import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, clampPage } from './pagination';

describe('clampPage', () => {
  it.each([
    [2, 5, 2],
    [5, 5, 5],
    [6, 5, 1],
    [99, 3, 1],
    [0, 5, 1],
    [-1, 5, 1],
    [1, 0, 1],
    [2, 0, 1],
    [1.5, 5, 1],
  ])('page %d of %d → %d', (page, total, expected) => {
    expect(clampPage(page, total)).toBe(expected);
  });
});

function Paged({ initialPage, total }: { initialPage: number; total: number }) {
  const [page, setPage] = useState(initialPage);
  return <Pagination page={page} total={total} onPageChange={setPage} />;
}

describe('Pagination', () => {
  it('shows "X von Y" inside a named navigation', () => {
    render(<Paged initialPage={2} total={5} />);
    expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toBeVisible();
    expect(screen.getByText('2 von 5')).toBeVisible();
  });

  it('moves with the German previous/next buttons and disables them at the ends', async () => {
    const user = userEvent.setup();
    render(<Paged initialPage={1} total={3} />);
    const previous = screen.getByRole('button', { name: 'Vorherige Seite' });
    const next = screen.getByRole('button', { name: 'Nächste Seite' });
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(screen.getByText('2 von 3')).toBeVisible();
    await user.click(next);
    expect(screen.getByText('3 von 3')).toBeVisible();
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(screen.getByText('2 von 3')).toBeVisible();
  });

  it('resets a page above the total to page 1 and tells its owner', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={7} total={4} onPageChange={onPageChange} />);
    expect(screen.getByText('1 von 4')).toBeVisible();
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
});
