// The advice channels' calls the agent's screens use (apps/server/src/modules/advice/routes.ts,
// docs/api/advice.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';

export interface AgentDraft {
  entwurfId: string;
  produkt: string;
  produktName: string;
  kunde: string | null;
  schritt: string;
  herkunft: 'BERATUNG' | 'UEBERGABE';
  geaendertAm: string;
  gueltigBis: string;
  vermittlerNummer: string | null;
}

export interface AdviceLink {
  vmr: string;
  vermittlerNummer: string;
  /** The operator's links, then those of the partner brands' paths (with `brand`). */
  links: { produkt: string; produktName: string; url: string; brand?: string }[];
}

const DRAFTS_KEY = ['advice', 'drafts'] as const;

export function useAgentDrafts() {
  return useQuery({
    queryKey: DRAFTS_KEY,
    queryFn: async () =>
      unwrapResult(await request<{ entwuerfe: AgentDraft[] }>({ path: '/api/vermittler/entwuerfe' }))!
        .entwuerfe,
  });
}

export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (entwurfId: string) =>
      unwrapResult(
        await request<null>({
          method: 'DELETE',
          path: '/api/vermittler/entwuerfe/{entwurfId}',
          pathParams: { entwurfId },
          cancelPrevious: false,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: DRAFTS_KEY }),
  });
}

export function useAdviceLink() {
  return useQuery({
    queryKey: ['advice', 'link'],
    queryFn: async () => unwrapResult(await request<AdviceLink>({ path: '/api/vermittler/beratung/link' }))!,
    staleTime: Infinity,
  });
}
