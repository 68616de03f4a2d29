import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RequestFn, RequestOptions } from '../../lib/request';
import { UploadField } from './upload-field';
import {
  useFileUploads,
  type PutFile,
  type UploadedFile,
  type UploadKeyShare,
  type UseFileUploadsOptions,
} from './use-file-uploads';

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

/** A PUT the test finishes by hand: progress, then the server's answer. */
interface PendingPut {
  file: File;
  url: string;
  signal: AbortSignal;
  progress: (share: number) => void;
  answer: (status: number, body: unknown) => void;
}

function harness() {
  const posts: RequestOptions[] = [];
  const puts: PendingPut[] = [];
  let counter = 0;
  const post = (async (options: RequestOptions) => {
    posts.push(options);
    counter += 1;
    return {
      ok: true,
      data: {
        uploadId: `upload-${counter}`,
        uploadUrl: `/api/upload/upload-${counter}?signatur=s${counter}`,
        methode: 'PUT',
        gueltigBis: '2026-01-01T00:15:00.000Z',
        ...(options.authenticated === false ? { uploadSchluessel: `schluessel-${counter}` } : {}),
      },
    };
  }) as RequestFn;
  const put: PutFile = ({ url, file, onProgress, signal }) =>
    new Promise((resolve) => {
      puts.push({
        file,
        url,
        signal,
        progress: onProgress,
        answer: (status, body) => resolve({ status, body }),
      });
    });
  return { posts, puts, post, put };
}

function Field(props: UseFileUploadsOptions & { maxCount?: number }) {
  const { maxCount, ...options } = props;
  const uploads = useFileUploads(options);
  return (
    <>
      <UploadField uploads={uploads} label="Belege" {...(maxCount === undefined ? {} : { maxCount })} />
      <p data-testid="state">{uploads.isUploading ? 'lädt' : 'fertig'}</p>
    </>
  );
}

/** Two anonymous fields of one report that share its upload key; their file inputs. */
function renderSharingFields(options: UseFileUploadsOptions): HTMLInputElement[] {
  render(
    <>
      <Field {...options} authenticated={false} />
      <Field {...options} authenticated={false} />
    </>,
  );
  return [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
}

async function waitForPuts(puts: PendingPut[], count: number) {
  await vi.waitFor(() => expect(puts).toHaveLength(count));
}

describe('upload field', () => {
  it('uploads each chosen file via POST and PUT, shows progress and hands over the finished uploads', async () => {
    const user = userEvent.setup();
    const { posts, puts, post, put } = harness();
    const onUploadedChange = vi.fn<(uploads: UploadedFile[]) => void>();
    render(<Field post={post} put={put} onUploadedChange={onUploadedChange} />);

    await user.upload(fileInput(), [fileOf('Foto vom Keller.jpg', 1_500_000, 'image/jpeg')]);
    await waitForPuts(puts, 1);
    expect(posts[0]).toMatchObject({
      method: 'POST',
      path: '/api/upload/',
      body: { dateiname: 'Foto vom Keller.jpg', groesse: 1_500_000, typ: 'image/jpeg' },
      authenticated: true,
    });
    expect(puts[0]?.url).toBe('/api/upload/upload-1?signatur=s1');
    expect(screen.getByTestId('state')).toHaveTextContent('lädt');

    act(() => puts[0]?.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Hochladen von Foto vom Keller.jpg' })).toHaveAttribute(
      'value',
      '40',
    );

    const stored = {
      uploadId: 'upload-1',
      dateiname: 'Foto vom Keller.jpg',
      groesse: 1_500_000,
      typ: 'image/jpeg',
      hinweise: ['standort-entfernt'],
    };
    act(() => puts[0]?.answer(200, stored));
    const row = await screen.findByText('Hochgeladen');
    expect(row.closest('li')).toHaveTextContent('1,5 MB');
    expect(row.closest('li')).toHaveTextContent('Die Standortangaben wurden aus der Datei entfernt.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent('fertig');
    expect(onUploadedChange).toHaveBeenLastCalledWith([stored]);
  });

  it('shows the server’s German refusal beside the one file it concerns', async () => {
    const user = userEvent.setup();
    const { puts, post, put } = harness();
    render(<Field post={post} put={put} />);
    await user.upload(fileInput(), [
      fileOf('Foto.jpg', 2_000, 'image/jpeg'),
      fileOf('Rechnung.pdf', 3_000, 'application/pdf'),
    ]);
    await waitForPuts(puts, 2);
    const refusal = 'Dieser Dateityp wird nicht unterstützt.';
    act(() =>
      puts[0]?.answer(415, { error: { code: 'UPLOAD_TYPE_NOT_ALLOWED', status: 415, message: refusal } }),
    );
    act(() =>
      puts[1]?.answer(200, {
        uploadId: 'upload-2',
        dateiname: 'Rechnung.pdf',
        groesse: 3_000,
        typ: 'application/pdf',
        hinweise: ['passwortgeschuetzt'],
      }),
    );
    const list = screen.getByRole('list', { name: 'Ausgewählte Dateien' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(await within(first!).findByRole('alert')).toHaveTextContent(refusal);
    expect(second).toHaveTextContent('Das PDF ist mit einem Passwort geschützt.');
    expect(within(second!).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('aborts the upload of a removed file and drops it from the finished list', async () => {
    const user = userEvent.setup();
    const { puts, post, put } = harness();
    const onUploadedChange = vi.fn<(uploads: UploadedFile[]) => void>();
    render(<Field post={post} put={put} onUploadedChange={onUploadedChange} />);
    await user.upload(fileInput(), [fileOf('Video.mp4', 50_000_000, 'video/mp4')]);
    await waitForPuts(puts, 1);
    await user.click(screen.getByRole('button', { name: 'Video.mp4 entfernen' }));
    expect(puts[0]?.signal.aborted).toBe(true);
    expect(screen.queryByRole('list', { name: 'Ausgewählte Dateien' })).not.toBeInTheDocument();
    expect(onUploadedChange).not.toHaveBeenCalledWith([expect.anything()]);
  });

  it('sends an anonymous claimant’s upload key again with the next file', async () => {
    const user = userEvent.setup();
    const { posts, puts, post, put } = harness();
    render(<Field post={post} put={put} authenticated={false} />);
    await user.upload(fileInput(), [fileOf('a.png', 1_000, 'image/png')]);
    await waitForPuts(puts, 1);
    await user.upload(fileInput(), [fileOf('b.png', 1_000, 'image/png')]);
    await waitForPuts(puts, 2);
    expect(posts[0]).toMatchObject({ authenticated: false });
    expect((posts[0]?.body as { uploadSchluessel?: string }).uploadSchluessel).toBeUndefined();
    expect(posts[1]?.body).toMatchObject({ uploadSchluessel: 'schluessel-1' });
  });

  it('starts from a known shared upload key (kept over a reload) in every field', async () => {
    const user = userEvent.setup();
    const { posts, puts, post, put } = harness();
    const set = vi.fn<(key: string) => void>();
    const uploadKey: UploadKeyShare = { get: () => 'schluessel-vom-entwurf', set };
    const [first, second] = renderSharingFields({ post, put, uploadKey });
    await user.upload(first!, [fileOf('a.png', 1_000, 'image/png')]);
    await user.upload(second!, [fileOf('b.pdf', 1_000, 'application/pdf')]);
    await waitForPuts(puts, 2);
    expect(posts.map((options) => (options.body as { uploadSchluessel?: string }).uploadSchluessel)).toEqual([
      'schluessel-vom-entwurf',
      'schluessel-vom-entwurf',
    ]);
    expect(set).not.toHaveBeenCalled();
  });

  it('gives fields that share a key the first key the server issues, even when they start at once', async () => {
    const user = userEvent.setup();
    const bodies: { uploadSchluessel?: string }[] = [];
    const answers: (() => void)[] = [];
    const post = ((options: RequestOptions) => {
      const number = bodies.push(options.body as { uploadSchluessel?: string });
      return new Promise<unknown>((resolve) => {
        answers.push(() =>
          resolve({
            ok: true,
            data: {
              uploadId: `upload-${number}`,
              uploadUrl: `/api/upload/upload-${number}`,
              methode: 'PUT',
              gueltigBis: '2026-01-01T00:15:00.000Z',
              uploadSchluessel: bodies[number - 1]?.uploadSchluessel ?? `schluessel-${number}`,
            },
          }),
        );
      });
    }) as RequestFn;
    const { puts, put } = harness();
    let kept: string | undefined;
    const set = vi.fn((key: string) => {
      kept = key;
    });
    const uploadKey: UploadKeyShare = { get: () => kept, set };
    const [first, second] = renderSharingFields({ post, put, uploadKey });
    await user.upload(first!, [fileOf('a.png', 1_000, 'image/png')]);
    await user.upload(second!, [fileOf('b.png', 1_000, 'image/png')]);
    // The second field waits for the first field's key instead of asking for a key of its own.
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.uploadSchluessel).toBeUndefined();
    act(() => answers[0]?.());
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.uploadSchluessel).toBe('schluessel-1');
    act(() => answers[1]?.());
    await waitForPuts(puts, 2);
    expect(set).toHaveBeenCalledTimes(1);
    expect(set).toHaveBeenCalledWith('schluessel-1');
  });
});
