// An upload field of the claim pages: the design system's FileUpload (type and size checked in the
// browser first), each chosen file uploaded at once through the uploads feature (POST /api/upload/
// for a single-use URL, then PUT of the bytes), German messages for refused files, and the list of
// finished files with their hints (e.g. a password-protected PDF) and a remove button.
import { useState } from 'react';
import { formatFileSize, shortenFileName } from '@schirm/domain/validation/files';
import { Button } from '../../ui/button';
import { FileUpload } from '../../ui/forms/file-upload';
import { Loading } from '../../ui/loading';
import { uploadFile, type UploadOwner } from './claim-uploads';
import type { FinishedUpload } from './claims-api';
import styles from './claims.module.css';

export type { UploadOwner } from './claim-uploads';

export interface ClaimUploadFieldProps {
  label: string;
  description?: string;
  /** The finished files of this field. */
  files: readonly (FinishedUpload & { hinweise?: readonly string[] })[];
  onUploaded: (files: FinishedUpload[]) => void;
  onRemove?: (uploadId: string) => void;
  /** Anonymous claimant: the report's upload key (none for a signed-in customer). */
  owner?: UploadOwner;
  isDisabled?: boolean;
}

export function ClaimUploadField({
  label,
  description,
  files,
  onUploaded,
  onRemove,
  owner,
  isDisabled = false,
}: ClaimUploadFieldProps) {
  const [pending, setPending] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [hints, setHints] = useState<string[]>([]);

  async function upload(chosen: File[]) {
    if (chosen.length === 0) return;
    setPending(chosen);
    setProblems([]);
    setHints([]);
    const finished: FinishedUpload[] = [];
    const failed: string[] = [];
    const notes: string[] = [];
    let schluessel = owner?.uploadSchluessel;
    for (const file of chosen) {
      const result = await uploadFile(file, owner ? { ...owner, uploadSchluessel: schluessel } : undefined);
      if (result.ok) {
        finished.push(result.upload);
        notes.push(...result.hinweise.map((hint) => `${shortenFileName(result.upload.dateiname)}: ${hint}`));
        if (result.uploadSchluessel && result.uploadSchluessel !== schluessel) {
          schluessel = result.uploadSchluessel;
          owner?.onUploadSchluessel(result.uploadSchluessel);
        }
      } else failed.push(`${shortenFileName(file.name)}: ${result.message}`);
    }
    setPending([]);
    setProblems(failed);
    setHints(notes);
    if (finished.length > 0) onUploaded(finished);
  }

  return (
    <div className={styles.section}>
      <FileUpload
        label={label}
        {...(description ? { description } : {})}
        value={pending}
        isDisabled={isDisabled || pending.length > 0}
        onChange={(chosen) => void upload(chosen)}
      />
      {pending.length > 0 ? <Loading label="Ihre Dateien werden hochgeladen …" /> : null}
      {problems.length > 0 ? (
        <ul role="alert" className={styles.uploadedList}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {hints.length > 0 ? (
        <ul role="status" className={styles.uploadedList}>
          {hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className={styles.uploadedList} aria-label={`Hochgeladen: ${label}`}>
          {files.map((file) => (
            <li key={file.uploadId} className={styles.uploadedItem}>
              <span>{`${shortenFileName(file.dateiname)} (${formatFileSize(file.groesse)}) – hochgeladen`}</span>
              {onRemove ? (
                <Button
                  variant="tertiary"
                  size="s"
                  aria-label={`${file.dateiname} entfernen`}
                  onPress={() => onRemove(file.uploadId)}
                >
                  Entfernen
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
