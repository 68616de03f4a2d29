import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchableSelect, type LoadOptions, type SearchOption } from './searchable-select';

const BREEDS: SearchOption[] = [
  { value: 'labrador', label: 'Labrador Retriever' },
  { value: 'lagotto', label: 'Lagotto Romagnolo' },
  { value: 'dackel', label: 'Dackel' },
];

function finder(): LoadOptions & ReturnType<typeof vi.fn> {
  return vi.fn(async (pattern: string) =>
    BREEDS.filter((breed) => breed.label.toLowerCase().includes(pattern.toLowerCase())),
  );
}

describe('SearchableSelect', () => {
  it('finds options for what the person types and selects one', async () => {
    const user = userEvent.setup();
    const loadOptions = finder();
    const onChange = vi.fn();
    render(<SearchableSelect label="Hunderasse" isRequired loadOptions={loadOptions} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Hunderasse' });

    await user.type(input, 'la');
    expect(await screen.findByRole('option', { name: 'Lagotto Romagnolo' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Labrador Retriever' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Dackel' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('option', { name: 'Labrador Retriever' }));
    expect(onChange).toHaveBeenLastCalledWith({ value: 'labrador', label: 'Labrador Retriever' });
    expect(input).toHaveValue('Labrador Retriever');
  });

  it('closes the list with Escape and leaves the selection as it was', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SearchableSelect
        label="Hunderasse"
        isRequired
        loadOptions={finder()}
        defaultValue={{ value: 'dackel', label: 'Dackel' }}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Hunderasse' });
    await user.type(input, 'x');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Dackel');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes the list with Escape after the field was emptied', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SearchableSelect
        label="Hunderasse"
        isRequired
        loadOptions={finder()}
        defaultValue={{ value: 'dackel', label: 'Dackel' }}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Hunderasse' });
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(input, 'la');
    await screen.findByRole('option', { name: 'Labrador Retriever' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('keeps the typed text and the list when the page scrolls while typing', async () => {
    const user = userEvent.setup();
    render(<SearchableSelect label="Hunderasse" isRequired loadOptions={finder()} />);
    const input = screen.getByRole('combobox', { name: 'Hunderasse' });
    await user.type(input, 'la');
    await screen.findByRole('option', { name: 'Labrador Retriever' });
    fireEvent.scroll(document.body);
    expect(input).toHaveValue('la');
    expect(await screen.findByRole('option', { name: 'Labrador Retriever' })).toBeInTheDocument();
  });

  it('asks the finder once per pattern and serves repeated patterns from its cache', async () => {
    const user = userEvent.setup();
    const loadOptions = finder();
    render(<SearchableSelect label="Hunderasse" isRequired loadOptions={loadOptions} />);
    const input = screen.getByRole('combobox', { name: 'Hunderasse' });

    await user.type(input, 'da');
    expect(await screen.findByRole('option', { name: 'Dackel' })).toBeInTheDocument();
    await user.type(input, '{Backspace}');
    await screen.findByRole('option', { name: 'Dackel' });
    await user.type(input, 'a');
    expect(await screen.findByRole('option', { name: 'Dackel' })).toBeInTheDocument();

    const patterns = loadOptions.mock.calls.map(([pattern]) => pattern);
    expect(patterns.filter((pattern) => pattern === 'da')).toHaveLength(1);
    expect(patterns.filter((pattern) => pattern === 'd')).toHaveLength(1);
  });

  it('aborts the search of an outdated pattern', async () => {
    const user = userEvent.setup();
    const signals: AbortSignal[] = [];
    const loadOptions: LoadOptions = (pattern, signal) => {
      signals.push(signal);
      return pattern === 'dac' ? Promise.resolve([BREEDS[2]!]) : new Promise(() => undefined);
    };
    render(<SearchableSelect label="Hunderasse" isRequired loadOptions={loadOptions} />);
    await user.type(screen.getByRole('combobox', { name: 'Hunderasse' }), 'dac');
    expect(await screen.findByRole('option', { name: 'Dackel' })).toBeInTheDocument();
    expect(signals.slice(0, -1).every((signal) => signal.aborted)).toBe(true);
  });

  it('says when nothing was found and when the search failed', async () => {
    const user = userEvent.setup();
    const loadOptions: LoadOptions = (pattern) =>
      pattern === 'x' ? Promise.reject(new Error('Network error')) : Promise.resolve([]);
    render(<SearchableSelect label="Hunderasse" isRequired loadOptions={loadOptions} />);
    const input = screen.getByRole('combobox', { name: 'Hunderasse' });

    await user.type(input, 'q');
    expect(
      await screen.findByText('Keine Treffer. Bitte versuchen Sie einen anderen Suchbegriff.'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'x');
    expect(
      await screen.findByText(
        'Die Suche ist gerade nicht möglich. Bitte versuchen Sie es gleich noch einmal.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a controlled value, its optional label and its error', async () => {
    render(
      <SearchableSelect
        label="Fahrradhersteller"
        loadOptions={finder()}
        value={{ value: 'cube', label: 'Cube' }}
        errorMessage="Bitte wählen Sie einen Hersteller aus der Liste."
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Fahrradhersteller (optional)' });
    expect(input).toHaveValue('Cube');
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte wählen Sie einen Hersteller aus der Liste.');
    expect(input).toHaveAccessibleDescription('Bitte wählen Sie einen Hersteller aus der Liste.');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  });
});
