import { useQuery } from '@tanstack/react-query';
import type { ProductKey } from '@schirm/domain/products/enums';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** A reason as the API lists it: key for the request path, German label. */
export interface Reason {
  key: string;
  label: string;
}

async function getReasons(path: string, signal?: AbortSignal, pathParams?: Record<string, string>) {
  return unwrapResult(await request<Reason[]>({ path, signal, ...(pathParams ? { pathParams } : {}) })) ?? [];
}

/** GET /api/vertrag/vertrag/widerrufsgruende. */
export function useRevocationReasons() {
  return useQuery({
    queryKey: ['reasons', 'widerruf'],
    queryFn: ({ signal }) => getReasons('/api/vertrag/vertrag/widerrufsgruende', signal),
    staleTime: Infinity,
  });
}

/** GET /api/vertrag/vertrag/kuendigungsgruende/{productKey}. */
export function useCancellationReasons(productKey: ProductKey) {
  return useQuery({
    queryKey: ['reasons', 'kuendigung', productKey],
    queryFn: ({ signal }) =>
      getReasons('/api/vertrag/vertrag/kuendigungsgruende/{productKey}', signal, { productKey }),
    staleTime: Infinity,
  });
}
