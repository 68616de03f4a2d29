// The checklist before the send (issue 14 part 1): the documents the product and the answers need
// (requiredDocuments of the claim domain), each with its deadline counted from today, whether it is
// still missing, and an upload for it; below, further photos and documents. The finished uploads
// are kept in the wizard's storage and sent with the report, each with its document's key.
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { deadlineText, requiredDocuments } from '@schirm/domain/claims/documents';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { ClaimUploadField } from './claim-upload-field';
import type { FinishedUpload } from './claims-api';
import type { ClaimProduct } from '@schirm/domain/claims/products';
import type { ReportUpload } from './use-claim-wizard';
import type { SharedUploadKey } from './wizard-parts';
import styles from './claims.module.css';

/** Key of the files that belong to no document of the list. */
const FURTHER = '';

export interface ClaimChecklistProps {
  produkt: ClaimProduct;
  /** The answers pruned to the path. */
  answers: FlowAnswers;
  uploads: readonly ReportUpload[];
  /** Applies a change to the uploads as they are when it arrives (several uploads may finish at once). */
  onUploadsChange: (change: (current: readonly ReportUpload[]) => ReportUpload[]) => void;
  /** A signed-in customer (none), or an anonymous claimant: the report's shared upload key. */
  uploadKey?: SharedUploadKey;
}

export function ClaimChecklist({
  produkt,
  answers,
  uploads,
  onUploadsChange,
  uploadKey,
}: ClaimChecklistProps) {
  const documents = requiredDocuments(produkt, answers, todayInGermany());
  const missing = documents.filter((document) => !uploads.some((upload) => upload.dokument === document.key));

  function add(dokument: string, files: readonly FinishedUpload[]) {
    onUploadsChange((current) => [
      ...current,
      ...files.map((file): ReportUpload => ({ ...file, ...(dokument ? { dokument } : {}) })),
    ]);
  }
  function remove(uploadId: string) {
    onUploadsChange((current) => current.filter((upload) => upload.uploadId !== uploadId));
  }
  const filesOf = (dokument: string) => uploads.filter((upload) => (upload.dokument ?? FURTHER) === dokument);

  return (
    <section className={styles.checklist} aria-labelledby="checkliste-titel">
      <h2 id="checkliste-titel" className={styles.sectionHeadline}>
        Ihre Unterlagen
      </h2>
      {documents.length === 0 ? (
        <p>Für diesen Schaden brauchen wir keine Unterlagen. Fotos helfen uns trotzdem.</p>
      ) : (
        <p>
          {missing.length === 0
            ? 'Sie haben zu jedem Punkt der Liste eine Datei hochgeladen.'
            : `Es fehlen noch ${missing.length === 1 ? 'eine Unterlage' : `${missing.length} Unterlagen`}. Sie können sie jetzt hochladen oder bis zur genannten Frist unter „Schäden“ nachreichen.`}
        </p>
      )}
      <ul className={styles.documentList}>
        {documents.map((document) => {
          const files = filesOf(document.key);
          const isMissing = files.length === 0;
          return (
            <li key={document.key} className={styles.document}>
              <h3 className={styles.documentTitle}>
                {document.titel}
                {document.erforderlich ? null : ' (optional)'}
              </h3>
              <p className={styles.documentState} data-state={isMissing ? 'offen' : 'eingereicht'}>
                {isMissing ? 'Fehlt noch' : 'Hochgeladen'}
                {' · Frist: '}
                {document.frist.kind === 'sofort'
                  ? `sofort (${formatDate(document.fristBis)})`
                  : `${deadlineText(document.frist)}, bis ${formatDate(document.fristBis)}`}
              </p>
              <p className={styles.documentDescription}>{document.beschreibung}</p>
              <ClaimUploadField
                label={`${document.titel} hochladen`}
                files={files}
                onUploaded={(uploaded) => add(document.key, uploaded)}
                onRemove={remove}
                {...(uploadKey ? { uploadKey } : {})}
              />
            </li>
          );
        })}
      </ul>
      <ClaimUploadField
        label="Weitere Fotos und Dokumente (optional)"
        files={filesOf(FURTHER)}
        onUploaded={(uploaded) => add(FURTHER, uploaded)}
        onRemove={remove}
        {...(uploadKey ? { uploadKey } : {})}
      />
    </section>
  );
}
