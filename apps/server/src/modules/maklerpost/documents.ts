// Documents named in the Maklerpost, for the broker software: only documents of contracts the
// agency or an agent below it looks after; everything else is a 404 that does not tell whether
// the document exists.
import type { Database } from '../../db/database';
import { notFound } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files/file-storage';
import { findDocumentById } from '../documents/repository';
import { documentFileName } from '../documents/service';
import type { Agency } from './feed';
import { eq } from 'drizzle-orm';
import { contracts } from '../../db/schema/contracts';

export async function openMachineDocument(
  ctx: { db: Database; files: FileStorage },
  agency: Agency,
  id: string,
): Promise<{ fileName: string; file: StoredFile }> {
  const document = await findDocumentById({ db: ctx.db, id });
  const [contract] = document
    ? await ctx.db
        .select({ agentId: contracts.agentId })
        .from(contracts)
        .where(eq(contracts.id, document.contractId))
    : [];
  if (!document || !contract?.agentId || !agency.scope.includes(contract.agentId)) {
    throw notFound(`No document ${id} in the book of agent ${agency.agentId}`, {
      code: 'DOCUMENT_NOT_FOUND',
      userMessage:
        'Dieses Dokument finden wir im Bestand Ihrer Agentur nicht. Bitte übernehmen Sie die URL unverändert aus der Lieferung.',
    });
  }
  const file = await ctx.files.open(document.storageKey);
  if (!file) {
    throw notFound(`Document ${id} names ${document.storageKey}, which is not in the file storage`, {
      code: 'DOCUMENT_FILE_MISSING',
      userMessage: 'Dieses Dokument ist zurzeit nicht verfügbar. Bitte versuchen Sie es später erneut.',
    });
  }
  return { fileName: documentFileName(document), file };
}
