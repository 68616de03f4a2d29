import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyRichTextEditor } from './lazy-rich-text-editor';

describe('LazyRichTextEditor', () => {
  it('says it is loading, then shows the editor', async () => {
    render(<LazyRichTextEditor label="Schadenbeschreibung" defaultValue="<p>Text</p>" />);
    expect(screen.getByRole('status')).toHaveTextContent('Editor wird geladen …');
    // The first import of TipTap is transformed on demand, which can take longer than the default second.
    const editor = await screen.findByRole('textbox', { name: 'Schadenbeschreibung' }, { timeout: 10_000 });
    expect(editor).toHaveTextContent('Text');
    expect(screen.queryByText('Editor wird geladen …')).not.toBeInTheDocument();
  });
});
