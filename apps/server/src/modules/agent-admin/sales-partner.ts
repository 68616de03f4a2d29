// Applications to become a sales partner (public page /vermittler/vertriebspartner-werden/): stored
// once per Idempotency-Key, confirmed to the applicant by e-mail and announced to the insurer's sales
// department, all in one transaction. The answer is the same for a repeated request.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { salesPartnerApplications } from '../../db/schema/agent-admin';
import { withTransaction } from '../../db/transaction';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { AGENT_ADMIN_TEXTS as T } from './texts';

export interface SalesPartnerApplication {
  firma: string;
  ansprechpartner: string;
  email: string;
  telefon: string | null;
  erlaubnisNummer: string;
  registerNummer: string;
  nachricht: string | null;
}

export async function receiveSalesPartnerApplication({
  db,
  transports,
  inbox,
  input,
  idempotencyKey,
  now,
}: {
  db: Database;
  transports: Transports;
  /** The insurer's address that is told of the application. */
  inbox: string;
  input: SalesPartnerApplication;
  idempotencyKey: string;
  now: Date;
}): Promise<{ created: boolean }> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(salesPartnerApplications)
      .values({ ...input, idempotencyKey, createdAt: now })
      .onConflictDoNothing({ target: salesPartnerApplications.idempotencyKey })
      .returning({ id: salesPartnerApplications.id });
    if (!row) {
      const [known] = await tx
        .select({ id: salesPartnerApplications.id })
        .from(salesPartnerApplications)
        .where(eq(salesPartnerApplications.idempotencyKey, idempotencyKey));
      if (!known) throw new Error('Sales partner application neither inserted nor found');
      return { created: false };
    }
    const confirmation = T.mails.applicationReceived(input.ansprechpartner);
    await enqueueMessage(tx, transports, {
      channel: 'email',
      to: input.email,
      subject: confirmation.subject,
      body: confirmation.body,
      purpose: 'SALES_PARTNER_APPLICATION_RECEIVED',
    });
    const notice = T.mails.applicationNotice([
      `Firma: ${input.firma}`,
      `Ansprechpartner: ${input.ansprechpartner}`,
      `E-Mail: ${input.email}`,
      `Telefon: ${input.telefon ?? '–'}`,
      `Erlaubnisnummer (§ 34d GewO): ${input.erlaubnisNummer}`,
      `Registrierungsnummer: ${input.registerNummer}`,
      `Nachricht: ${input.nachricht ?? '–'}`,
      `Kennung: ${row.id}`,
    ]);
    await enqueueMessage(tx, transports, {
      channel: 'email',
      to: inbox,
      subject: notice.subject,
      body: notice.body,
      purpose: 'SALES_PARTNER_APPLICATION_NOTICE',
    });
    return { created: true };
  });
}
