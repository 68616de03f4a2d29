// Feedback after a claim, a message or an application (spec §2 '/feedback/:source/:score?', flag
// 'feedback'; ADR 0028): a score of 0–10 and an optional comment, stored anonymously or with the
// signed-in customer's partner. Nothing else about the sender is kept (no address, no account).
import type { FeedbackSource } from '@schirm/domain/consents';
import type { Database } from '../../db/database';
import { feedback } from '../../db/schema/consents';
import type { Actor } from '../../platform/auth/actor';

export interface FeedbackInput {
  quelle: FeedbackSource;
  bewertung: number;
  kommentar?: string;
}

/** Stores one feedback; answers its id. A customer's partner is kept, any other caller is anonymous. */
export async function storeFeedback({
  db,
  actor,
  input,
}: {
  db: Database;
  actor: Actor | null;
  input: FeedbackInput;
}): Promise<{ id: string; anonym: boolean }> {
  const partnerId = actor?.pool === 'benutzer' && actor.partnerId ? actor.partnerId : null;
  const kommentar = input.kommentar?.trim();
  const [row] = await db
    .insert(feedback)
    .values({
      quelle: input.quelle,
      bewertung: input.bewertung,
      kommentar: kommentar ? kommentar : null,
      partnerId,
    })
    .returning({ id: feedback.id });
  if (!row) throw new Error('INSERT feedback returned no row');
  return { id: row.id, anonym: partnerId === null };
}
