// One file uploaded on the agreed uploads interface (issue 14, docs/api of the uploads module):
// POST /api/upload/ asks for a single-use URL (an anonymous claimant presents the report's upload key
// and gets one with the first file), then PUT sends the bytes; the server decides the type by the
// content and answers the shortened name, the size, the detected type and hints.
import { request } from '../../lib/api';
import type { RequestFailure } from '../../lib/request';
import type { FinishedUpload } from './claims-api';

/** An anonymous claimant's upload key, kept by the page for all files of one report. */
export interface UploadOwner {
  uploadSchluessel?: string | undefined;
  onUploadSchluessel: (uploadSchluessel: string) => void;
}

export type UploadOutcome =
  | { ok: true; upload: FinishedUpload; hinweise: string[]; uploadSchluessel?: string }
  | { ok: false; message: string };

/** German texts of the server's upload hints. */
export const UPLOAD_HINTS: Readonly<Record<string, string>> = {
  passwortgeschuetzt:
    'Das PDF ist mit einem Passwort geschützt. Wir können es so nicht lesen: Bitte senden Sie es ohne Passwortschutz.',
  'standort-entfernt': 'Die Standortangaben (GPS) des Fotos wurden entfernt.',
};

export const UPLOAD_FAILED =
  'Die Datei konnte gerade nicht hochgeladen werden. Bitte versuchen Sie es noch einmal.';

function messageOf(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

function failureMessage(failure: RequestFailure): string {
  return typeof failure.errorStatus === 'number' && failure.errorStatus < 500
    ? (messageOf(failure.error) ?? UPLOAD_FAILED)
    : UPLOAD_FAILED;
}

export async function uploadFile(file: File, owner?: UploadOwner): Promise<UploadOutcome> {
  const asked = await request<{ uploadId: string; uploadUrl: string; uploadSchluessel?: string }>({
    method: 'POST',
    path: '/api/upload/',
    body: {
      dateiname: file.name,
      groesse: file.size,
      ...(file.type ? { typ: file.type } : {}),
      ...(owner?.uploadSchluessel ? { uploadSchluessel: owner.uploadSchluessel } : {}),
    },
    authenticated: owner === undefined,
    cancelPrevious: false,
  });
  if (!asked.ok) return { ok: false, message: failureMessage(asked) };
  if (asked.canceled) return { ok: false, message: UPLOAD_FAILED };
  let response: Response;
  try {
    response = await fetch(asked.data.uploadUrl, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    });
  } catch {
    return { ok: false, message: UPLOAD_FAILED };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    return { ok: false, message: response.status < 500 ? (messageOf(body) ?? UPLOAD_FAILED) : UPLOAD_FAILED };
  }
  const received = body as FinishedUpload & { hinweise?: string[] };
  return {
    ok: true,
    upload: {
      uploadId: received.uploadId,
      dateiname: received.dateiname,
      groesse: received.groesse,
      typ: received.typ,
    },
    hinweise: (received.hinweise ?? []).map((hint) => UPLOAD_HINTS[hint] ?? hint),
    ...(asked.data.uploadSchluessel ? { uploadSchluessel: asked.data.uploadSchluessel } : {}),
  };
}
