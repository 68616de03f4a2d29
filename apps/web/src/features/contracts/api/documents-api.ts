import { useQuery } from '@tanstack/react-query';
import type { DokumentTyp } from '@schirm/domain/products/enums';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** A document as GET /api/dokument/download-bereich/dokumente lists it (apps/server/src/modules/documents/routes.ts). */
export interface CustomerDocument {
  id: string;
  name: string;
  typ: DokumentTyp;
  url: string;
  versicherungsNummer: string;
  erstelltAm: string;
  /** The customer's first download; null while not opened. */
  geoeffnetAm: string | null;
}

async function getDocuments(signal?: AbortSignal): Promise<CustomerDocument[]> {
  return (
    unwrapResult(
      await request<CustomerDocument[]>({ path: '/api/dokument/download-bereich/dokumente', signal }),
    ) ?? []
  );
}

/** The signed-in customer's documents of all contracts, newest first. */
export function useCustomerDocuments() {
  return useQuery({ queryKey: ['documents', 'list'], queryFn: ({ signal }) => getDocuments(signal) });
}
