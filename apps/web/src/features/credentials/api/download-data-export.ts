import { useMutation } from '@tanstack/react-query';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { request } from '../../../lib/api';
import { saveFile } from '../../../lib/download-file';
import { unwrapResult } from '../../../lib/query-client';

/** The file name the server also names in its Content-Disposition (docs/api/data-export.md). */
export function dataExportFileName(now: Date = new Date()): string {
  return `schirm-datenauskunft-${todayInGermany(now)}.json`;
}

/**
 * Fetches the customer's data export (GET /api/benutzer/benutzer/datenauskunft, DSGVO Art. 15/20)
 * with the bearer token and saves it as a JSON file; resolves the file name.
 */
export async function downloadDataExport(): Promise<string> {
  const blob = unwrapResult(
    await request<Blob>({ path: '/api/benutzer/benutzer/datenauskunft', responseType: 'blob' }),
  );
  if (!blob) throw new Error('GET /api/benutzer/benutzer/datenauskunft answered without a file');
  const fileName = dataExportFileName();
  saveFile(blob, fileName);
  return fileName;
}

export function useDownloadDataExport() {
  return useMutation({ mutationFn: downloadDataExport });
}
