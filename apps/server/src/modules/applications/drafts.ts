// Saved drafts (issue 13 part 7): any step can be saved; the applicant gets a link to resume it
// (`/<produkt>/antrag/<schritt>/?savedDraftId=<id>`) that works for 30 days. The draft keeps the
// answers as they were (pruned of screen-only and empty values); resuming re-prices them.
import { and, eq, lt } from 'drizzle-orm';
import type { ApplicationChannel, FlowAnswers } from '@schirm/domain/application/flow';
import { pruneAnswers } from '@schirm/domain/application/navigation';
import {
  applicationBaseRoute,
  flowFor,
  type ProductApplication,
} from '@schirm/domain/application/product-application';
import { formatDate } from '@schirm/domain/format/date';
import { addDays } from '@schirm/domain/dates/calendar-date';
import { applicationDrafts } from '../../db/schema/applications';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../platform/errors';
import { enqueueMessage } from '../outbox/outbox';
import type { ApplicationDeps, ApplicationRequestContext } from './service';
import { APPLICATION_TEXTS as T } from './texts';

/** How long a draft can be resumed. */
export const DRAFT_VALIDITY_DAYS = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MAIL = {
  subject: (produktName: string) => `Ihr gespeicherter Antrag: ${produktName}`,
  body: (produktName: string, link: string, gueltigBis: string) =>
    [
      'Guten Tag,',
      '',
      `Sie haben Ihren Antrag zur ${produktName} gespeichert. Mit diesem Link setzen Sie ihn dort fort, wo Sie aufgehört haben:`,
      link,
      '',
      `Der Link ist bis zum ${gueltigBis} gültig. Danach löschen wir Ihre Angaben.`,
      '',
      'Mit freundlichen Grüßen',
      'Ihre Schirm Versicherung AG',
    ].join('\n'),
};

/** Stores a draft and e-mails the link to resume it. */
export async function createDraft({
  deps,
  application,
  channel,
  answers,
  step,
  email,
  context,
}: {
  deps: ApplicationDeps;
  application: ProductApplication;
  channel: ApplicationChannel;
  answers: FlowAnswers;
  step: string;
  email: string;
  context: ApplicationRequestContext;
}): Promise<{ entwurfId: string; gueltigBis: string }> {
  const flow = flowFor(application, context);
  const pruned = pruneAnswers(flow, answers, channel);
  const schritt = flow.steps.some((candidate) => candidate.id === step) ? step : (flow.steps[0]?.id ?? '');
  const expiresAt = new Date(context.now.getTime() + DRAFT_VALIDITY_DAYS * 86_400_000);
  return withTransaction(deps.db, async (tx) => {
    // Expired drafts are deleted on the way: personal data is kept no longer than promised.
    await tx.delete(applicationDrafts).where(lt(applicationDrafts.expiresAt, context.now));
    const [row] = await tx
      .insert(applicationDrafts)
      .values({
        produktSlug: application.slug,
        kanal: channel,
        antworten: pruned,
        schritt,
        email,
        createdAt: context.now,
        expiresAt,
      })
      .returning({ id: applicationDrafts.id });
    if (!row) throw new Error('INSERT application_drafts returned no row');
    const link = `${deps.publicUrl}${applicationBaseRoute(application)}${schritt}/?savedDraftId=${row.id}`;
    await enqueueMessage(tx, deps.transports, {
      channel: 'email',
      to: email,
      subject: MAIL.subject(application.name),
      body: MAIL.body(application.name, link, formatDate(addDays(context.today, DRAFT_VALIDITY_DAYS))),
      purpose: 'APPLICATION_DRAFT_LINK',
    });
    return { entwurfId: row.id, gueltigBis: expiresAt.toISOString() };
  });
}

/** A draft to resume; unknown and expired drafts answer with a German explanation. */
export async function readDraft({
  deps,
  draftId,
  now,
}: {
  deps: ApplicationDeps;
  draftId: string;
  now: Date;
}) {
  const [row] = UUID.test(draftId)
    ? await deps.db
        .select()
        .from(applicationDrafts)
        .where(and(eq(applicationDrafts.id, draftId)))
    : [];
  if (!row)
    throw notFound(`Draft ${draftId} unknown`, { code: 'DRAFT_UNKNOWN', userMessage: T.draftUnknown });
  if (row.expiresAt <= now) {
    throw new AppError({
      status: 410,
      code: 'DRAFT_EXPIRED',
      message: `Draft ${draftId} expired`,
      userMessage: T.draftExpired,
    });
  }
  return {
    produkt: row.produktSlug,
    kanal: row.kanal,
    antworten: row.antworten as Record<string, Record<string, unknown>>,
    schritt: row.schritt,
    gueltigBis: row.expiresAt.toISOString(),
  };
}
