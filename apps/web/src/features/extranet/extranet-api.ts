import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { documentFileName } from '../../lib/download-document';
import { saveFile } from '../../lib/download-file';
import { RequestError } from '../../lib/request-error';
import type { BackOfficeContract, BackOfficeCustomer } from '../../ui/back-office/back-office-types';

/*
 * The extranet pages (issue 16) against apps/server/src/modules/extranet: POST
 * /api/extranet/oeffnen/{token} uses the link up and answers its one object with a view token; the
 * tab keeps that token (sessionStorage) and a reload asks POST /api/extranet/ansicht with it, so a
 * reload works but a second opening of the link in another tab does not. The same view token
 * downloads the contract's documents (POST /api/extranet/dokumente/{id}): only that contract's, only
 * while the view lasts; a plain link could not carry the token, so the page fetches and saves the file.
 */

export type ExtranetKind = 'vertrag' | 'kundendaten';

/** A document of the opened contract; `url` downloads it with the view token (POST). */
export interface ExtranetDocument {
  id: string;
  name: string;
  vertragsnummer: string;
  erstelltAm: string;
  url: string;
}

/** The agent portal's contract (GET /api/vermittler/vertraege/:nr) without what only the signed-in agent can use. */
export type ExtranetContract = BackOfficeContract & { dokumente: ExtranetDocument[] };

/** The agent portal's customer (GET /api/vermittler/kunden/:nr) without document downloads. */
export type ExtranetCustomer = BackOfficeCustomer;

export interface ExtranetView {
  art: ExtranetKind;
  ansicht: string;
  ansichtGueltigBis: string;
  vertrag?: ExtranetContract;
  kunde?: ExtranetCustomer;
}

/** Why a link shows no data: the page names it and says what to do next. */
export type ExtranetFailure = 'used' | 'expired' | 'unknown' | 'viewExpired' | 'tooMany' | 'failed';

const STORAGE_PREFIX = 'schirm.extranet.';

function storageKey(art: ExtranetKind, token: string) {
  return `${STORAGE_PREFIX}${art}.${token}`;
}

function storedView(art: ExtranetKind, token: string): string | null {
  try {
    return window.sessionStorage.getItem(storageKey(art, token));
  } catch {
    return null;
  }
}

function storeView(art: ExtranetKind, token: string, ansicht: string) {
  try {
    window.sessionStorage.setItem(storageKey(art, token), ansicht);
  } catch {
    // Without sessionStorage (private mode rules) the page works, only a reload does not.
  }
}

/** The failure kind of a refused call, by the server's error code and status. */
export function failureOf(error: unknown): ExtranetFailure {
  if (!(error instanceof RequestError)) return 'failed';
  const code = (error.error as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (code === 'EXTRANET_LINK_USED') return 'used';
  if (code === 'EXTRANET_LINK_EXPIRED') return 'expired';
  if (code === 'EXTRANET_VIEW_EXPIRED') return 'viewExpired';
  if (error.errorStatus === 404 || error.errorStatus === 400) return 'unknown';
  if (error.errorStatus === 429) return 'tooMany';
  return 'failed';
}

async function loadView(art: ExtranetKind, token: string): Promise<ExtranetView> {
  const ansicht = storedView(art, token);
  const result = ansicht
    ? await request<ExtranetView>({
        method: 'POST',
        path: '/api/extranet/ansicht',
        body: { ansicht },
        authenticated: false,
      })
    : await request<ExtranetView>({
        method: 'POST',
        path: '/api/extranet/oeffnen/{token}',
        pathParams: { token },
        body: { art },
        authenticated: false,
      });
  if (!result.ok) throw new RequestError(result);
  if (result.canceled || !result.data || result.data.art !== art) {
    throw new RequestError({
      ok: false,
      errorStatus: 'unknown',
      errorMessage: 'Extranet answer without data',
    });
  }
  if (!ansicht) storeView(art, token, result.data.ansicht);
  return result.data;
}

/**
 * The link's object. Opening uses the link up, so the query never retries or refetches by itself,
 * and no signal cancels it half-way (an aborted opening would have used the link without showing it).
 */
export function useExtranetView(art: ExtranetKind, token: string) {
  return useQuery({
    queryKey: ['extranet', art, token],
    queryFn: () => loadView(art, token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  });
}

/** Fetches a document of the opened contract with the page's view token and saves it. */
export async function downloadExtranetDocument({
  document,
  ansicht,
}: {
  document: ExtranetDocument;
  ansicht: string;
}): Promise<void> {
  const result = await request<Blob>({
    method: 'POST',
    path: document.url,
    body: { ansicht },
    responseType: 'blob',
    authenticated: false,
    cancelPrevious: false,
  });
  if (!result.ok) throw new RequestError(result);
  if (result.canceled || !result.data) throw new Error(`POST ${document.url} answered without a file`);
  saveFile(result.data, documentFileName(document.name, document.vertragsnummer));
}

export function useDownloadExtranetDocument() {
  return useMutation({ mutationFn: downloadExtranetDocument });
}
