import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';

/*
 * The clerk's administration of embedding partners (issue 16): apps/server/src/modules/embedding
 * under /api/innendienst/einbettungspartner. A change takes effect at once (no deploy, no restart):
 * the server clears its partner cache.
 */

const BASE = '/api/innendienst/einbettungspartner';

export interface ClerkPartner {
  partnerKey: string;
  name: string;
  origins: string[];
  brand: string | null;
  vermittlernummer: string | null;
  /** The broker's name, when the number belongs to one. */
  vermittlerName?: string | null;
  produkte: string[];
  kundenbereich: boolean;
  aktiv: boolean;
  /** Whether a secret has been issued. */
  geheimnisVorhanden?: boolean;
  /** When the secret was last issued (ISO); null: never. */
  geheimnisErneuertAm?: string | null;
}

export type PartnerChanges = Pick<
  ClerkPartner,
  'name' | 'origins' | 'brand' | 'vermittlernummer' | 'produkte' | 'kundenbereich' | 'aktiv'
>;

export const partnerKeys = {
  all: ['clerk', 'embedding-partners'] as const,
};

function required<T>(data: T | undefined | null, what: string): T {
  if (data === undefined || data === null) throw new Error(`${what} answered without a body`);
  return data;
}

/** Every partner, active or not. */
export function useEmbeddingPartners() {
  return useQuery({
    queryKey: partnerKeys.all,
    queryFn: async ({ signal }) => {
      const data = required(
        unwrapResult(await request<{ partner: ClerkPartner[] }>({ path: BASE, signal })),
        'GET einbettungspartner',
      );
      return data.partner;
    },
  });
}

/** Saves a partner's settings; answers the partner as it is afterwards. */
export function useSavePartner(partnerKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: PartnerChanges) =>
      required(
        unwrapResult(
          await request<ClerkPartner>({
            method: 'PUT',
            path: `${BASE}/{partnerKey}`,
            pathParams: { partnerKey },
            body: changes,
          }),
        ),
        'PUT einbettungspartner',
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData<ClerkPartner[]>(partnerKeys.all, (list) =>
        list?.map((partner) => (partner.partnerKey === saved.partnerKey ? saved : partner)),
      );
      await queryClient.invalidateQueries({ queryKey: partnerKeys.all });
    },
  });
}

/** Issues a new secret (the old one stops working); the answer is the only time it is shown. */
export function useRotateSecret(partnerKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      required(
        unwrapResult(
          await request<{ secret: string }>({
            method: 'POST',
            path: `${BASE}/{partnerKey}/secret`,
            pathParams: { partnerKey },
          }),
        ),
        'POST secret',
      ).secret,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: partnerKeys.all });
    },
  });
}
