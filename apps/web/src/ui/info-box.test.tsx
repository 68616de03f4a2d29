import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InfoBox } from './info-box';

describe('InfoBox', () => {
  it('defaults to the unexpected-error headline of spec §8', () => {
    render(<InfoBox variant="error" />);
    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent('Leider ist ein unerwarteter Fehler aufgetreten');
    expect(box).toHaveTextContent(/^Fehler:/);
  });

  it('shows its own headline and content as a note when it informs', () => {
    render(
      <InfoBox headline="Ihre Änderung ist vorgemerkt">
        <p>Sie wird zum 01.01.2027 wirksam.</p>
      </InfoBox>,
    );
    const box = screen.getByRole('note');
    expect(box).toHaveTextContent('Hinweis: Ihre Änderung ist vorgemerkt');
    expect(box).toHaveTextContent('Sie wird zum 01.01.2027 wirksam.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Warnung" for warnings so colour is not the only signal', () => {
    render(<InfoBox variant="warning" headline="Ihr Beitrag ist überfällig" />);
    expect(screen.getByRole('note')).toHaveTextContent('Warnung: Ihr Beitrag ist überfällig');
  });
});
