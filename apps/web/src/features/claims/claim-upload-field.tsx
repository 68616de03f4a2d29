// An upload field of the claim pages: the uploads feature's field (handed in through the wizard
// parts, app/claims-pages.tsx) uploads each chosen file at once with its progress, German error
// or note and a remove button. The report keeps the finished files in its storage; those the
// field no longer lists itself (after a reload or a step back) are listed here with a remove button.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { formatFileSize, shortenFileName } from '@schirm/domain/validation/files';
import { Button } from '../../ui/button';
import type { FinishedUpload } from './claims-api';
import styles from './claims.module.css';
import {
  useWizardParts,
  type ReportedUpload,
  type SharedUploadKey,
  type UploadFieldProps,
} from './wizard-parts';

export interface ClaimUploadFieldProps {
  label: string;
  description?: string;
  /** The finished files of this field the report keeps. */
  files: readonly FinishedUpload[];
  /** Files finished in this field. */
  onUploaded: (files: FinishedUpload[]) => void;
  /** A file removed (from the field or from the kept list). */
  onRemove: (uploadId: string) => void;
  /** Anonymous claimant: the report's upload key (none for a signed-in customer). */
  uploadKey?: SharedUploadKey;
}

const finished = ({ uploadId, dateiname, groesse, typ }: ReportedUpload): FinishedUpload => ({
  uploadId,
  dateiname,
  groesse,
  typ,
});

export function ClaimUploadField({
  label,
  description,
  files,
  onUploaded,
  onRemove,
  uploadKey,
}: ClaimUploadFieldProps) {
  const { UploadField } = useWizardParts();
  // The ids the uploads field lists itself (finished in this visit).
  const [shown, setShown] = useState<readonly string[]>([]);
  const shownRef = useRef(shown);
  const handlers = useRef({ onUploaded, onRemove });
  useLayoutEffect(() => {
    handlers.current = { onUploaded, onRemove };
  });
  const onChange = useCallback<UploadFieldProps['onChange']>(({ uploaded }) => {
    const ids = uploaded.map((upload) => upload.uploadId);
    const before = shownRef.current;
    const added = uploaded.filter((upload) => !before.includes(upload.uploadId));
    const removed = before.filter((id) => !ids.includes(id));
    if (added.length === 0 && removed.length === 0) return;
    shownRef.current = ids;
    setShown(ids);
    if (added.length > 0) handlers.current.onUploaded(added.map(finished));
    for (const id of removed) handlers.current.onRemove(id);
  }, []);
  const kept = files.filter((file) => !shown.includes(file.uploadId));

  return (
    <div className={styles.section}>
      <UploadField
        label={label}
        {...(description ? { description } : {})}
        authenticated={uploadKey === undefined}
        {...(uploadKey ? { uploadKey } : {})}
        onChange={onChange}
      />
      {kept.length > 0 ? (
        <ul className={styles.uploadedList} aria-label={`Hochgeladen: ${label}`}>
          {kept.map((file) => (
            <li key={file.uploadId} className={styles.uploadedItem}>
              <span>{`${shortenFileName(file.dateiname)} (${formatFileSize(file.groesse)}) – hochgeladen`}</span>
              <Button
                variant="tertiary"
                size="s"
                aria-label={`${file.dateiname} entfernen`}
                onPress={() => onRemove(file.uploadId)}
              >
                Entfernen
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
