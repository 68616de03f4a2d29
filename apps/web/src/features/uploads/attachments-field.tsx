import { useEffect } from 'react';
import { UploadField } from './upload-field';
import { useFileUploads } from './use-file-uploads';

export interface AttachmentsFieldProps {
  label: string;
  maxCount: number;
  errorMessage: string | undefined;
  /** The finished upload ids and whether a file still uploads or failed, on every change. */
  onChange: (state: { uploadIds: string[]; isUploading: boolean; hasErrors: boolean }) => void;
}

/** Attachments of a form (Kontakt): uploads what is chosen and reports the ids to send with it. */
export function AttachmentsField({ label, maxCount, errorMessage, onChange }: AttachmentsFieldProps) {
  const uploads = useFileUploads();
  const ids = uploads.uploaded.map((upload) => upload.uploadId).join(',');
  const { isUploading, hasErrors } = uploads;
  useEffect(() => {
    onChange({ uploadIds: ids === '' ? [] : ids.split(','), isUploading, hasErrors });
  }, [ids, isUploading, hasErrors, onChange]);
  return (
    <UploadField
      uploads={uploads}
      label={label}
      maxCount={maxCount}
      errorMessage={errorMessage}
      isInvalid={errorMessage !== undefined}
    />
  );
}
