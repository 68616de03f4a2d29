import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileUpload } from './file-upload';

function fileOf(name: string, size: number, type: string): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input rendered');
  return input;
}

describe('FileUpload', () => {
  it('lists chosen files with shortened names and KB/MB sizes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FileUpload label="Belege" isRequired onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Belege' })).toBeInTheDocument();
    const longName = 'Schadensmeldung_Wasserschaden.JPG';
    expect(longName).toHaveLength(33);

    await user.upload(fileInput(), [
      fileOf(longName, 1_500_000, 'image/jpeg'),
      fileOf('Rechnung.pdf', 512_300, 'application/pdf'),
    ]);

    const list = screen.getByRole('list', { name: 'Ausgewählte Dateien' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Schadensmeldung_Wass….jpg');
    expect(rows[0]).toHaveTextContent('1,5 MB');
    expect(rows[1]).toHaveTextContent('Rechnung.pdf');
    expect(rows[1]).toHaveTextContent('512,3 KB');
    expect(onChange).toHaveBeenLastCalledWith([expect.any(File), expect.any(File)]);
    expect(screen.getByRole('status')).toHaveTextContent('2 Dateien hinzugefügt.');
  });

  it('keeps a 30-character name as it is', async () => {
    const user = userEvent.setup();
    render(<FileUpload label="Belege" isRequired />);
    const name = `${'a'.repeat(26)}.png`;
    await user.upload(fileInput(), [fileOf(name, 2_000, 'image/png')]);
    expect(screen.getByRole('listitem')).toHaveTextContent(name);
  });

  it('names each rejected file with its German reason', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    render(<FileUpload label="Belege" isRequired onChange={onChange} />);
    await user.upload(fileInput(), [
      fileOf('setup.exe', 1_000, 'application/octet-stream'),
      fileOf('Video.mp4', 200_000_001, 'video/mp4'),
      fileOf('Foto.png', 1_000, 'image/png'),
    ]);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('setup.exe: Dieser Dateityp wird nicht unterstützt.');
    expect(alert).toHaveTextContent('Video.mp4: Die Datei ist größer als 200 MB.');
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'Foto.png' })]);
  });

  it('takes no more files than the count limit and then disables the button', async () => {
    const user = userEvent.setup();
    render(<FileUpload label="Fotos" isRequired maxCount={2} />);
    expect(screen.getByText(/Höchstens 2 Dateien\./)).toBeInTheDocument();
    await user.upload(fileInput(), [
      fileOf('a.png', 1_000, 'image/png'),
      fileOf('b.png', 1_000, 'image/png'),
      fileOf('c.png', 1_000, 'image/png'),
    ]);
    const list = screen.getByRole('list', { name: 'Ausgewählte Dateien' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('c.png: Sie können höchstens 2 Dateien hochladen.');
    expect(screen.getByRole('button', { name: 'Dateien auswählen' })).toBeDisabled();
  });

  it('removes a file by its remove button and returns focus to the choose button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FileUpload label="Belege" isRequired onChange={onChange} />);
    await user.upload(fileInput(), [
      fileOf('a.png', 1_000, 'image/png'),
      fileOf('b.pdf', 1_000, 'application/pdf'),
    ]);

    await user.click(screen.getByRole('button', { name: 'a.png entfernen' }));
    expect(screen.queryByRole('button', { name: 'a.png entfernen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'b.pdf entfernen' })).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'b.pdf' })]);
    expect(screen.getByRole('button', { name: 'Dateien auswählen' })).toHaveFocus();
  });

  it('takes files dropped on the drop area', () => {
    const onChange = vi.fn();
    render(<FileUpload label="Belege" isRequired onChange={onChange} />);
    const area = screen.getByText('Dateien hierher ziehen oder');
    fireEvent.drop(area, { dataTransfer: { files: [fileOf('Scan.pdf', 3_000, 'application/pdf')] } });
    expect(screen.getByRole('listitem')).toHaveTextContent('Scan.pdf');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('labels an optional upload and ties its error to the choose button', () => {
    render(<FileUpload label="Weitere Unterlagen" errorMessage="Bitte laden Sie die Rechnung hoch." />);
    expect(screen.getByRole('group', { name: 'Weitere Unterlagen (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte laden Sie die Rechnung hoch.');
    expect(screen.getByRole('button', { name: 'Dateien auswählen' })).toHaveAccessibleDescription(
      expect.stringContaining('Bitte laden Sie die Rechnung hoch.'),
    );
  });
});
