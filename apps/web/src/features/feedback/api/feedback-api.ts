import { useMutation } from '@tanstack/react-query';
import type { FeedbackSource } from '@schirm/domain/consents';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** Feedback (issue 14, spec §2 '/feedback/:source/:score?'): POST /api/feedback, public. */
export interface NewFeedback {
  quelle: FeedbackSource;
  bewertung: number;
  kommentar?: string;
  /** Sent with the customer's token (kept with their account); otherwise anonymous. */
  withAccount: boolean;
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: async ({ withAccount, ...body }: NewFeedback) =>
      unwrapResult(
        await request<{ id: string; anonym: boolean }>({
          method: 'POST',
          path: '/api/feedback',
          body,
          authenticated: withAccount,
        }),
      ),
  });
}
