import { useMutation } from '@tanstack/react-query';
import { request } from './api';
import { saveFile } from './download-file';
import { RequestError, unwrapResult } from './query-client';

/** A document of the download area (spec §7 'Downloads'): where it is fetched and how it is saved. */
export interface DownloadableDocument {
  /** e.g. /api/dokument/download-bereich/dokumente/<id>, as the API names it. */
  url: string;
  /** e.g. 'Versicherungsschein 9000000101.pdf'. */
  fileName: string;
}

/** The file name a contract document is saved as, the same as the server's Content-Disposition. */
export function documentFileName(name: string, versicherungsNummer: string): string {
  return `${name} ${versicherungsNummer}.pdf`;
}

/**
 * Fetches a document with the bearer token and saves it: a plain link would reach the server
 * without the token. Several documents may download at once, so none cancels another.
 */
export async function downloadDocument({ url, fileName }: DownloadableDocument): Promise<void> {
  const blob = unwrapResult(await request<Blob>({ path: url, responseType: 'blob', cancelPrevious: false }));
  if (!blob) throw new Error(`GET ${url} answered without a file`);
  saveFile(blob, fileName);
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}

/** The API's German message of a failed request (error envelope), if it sent one. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof RequestError)) return undefined;
  const body = error.error as { error?: { message?: unknown } } | undefined;
  return typeof body?.error?.message === 'string' ? body.error.message : undefined;
}
