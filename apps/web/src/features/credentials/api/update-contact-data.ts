import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';
import { ME_QUERY_KEY, type Me } from './get-me';

export type ContactData = { nickname: string; telefon: string | null };

/** Saves how the person is addressed and the contact phone (POST /api/benutzer/benutzer/aendern). */
export async function updateContactData(contactData: ContactData): Promise<Me> {
  const data = unwrapResult(
    await request<Me>({ method: 'POST', path: '/api/benutzer/benutzer/aendern', body: contactData }),
  );
  if (!data) throw new Error('POST /api/benutzer/benutzer/aendern answered without a body');
  return data;
}

/** The save, which puts the server's answer into the account query it changed. */
export function useUpdateContactData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactData,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
