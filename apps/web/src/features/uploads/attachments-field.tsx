import { useEffect, useLayoutEffect, useRef } from 'react';
import { UploadField } from './upload-field';
import { useFileUploads, type UploadedFile, type UploadKeyShare } from './use-file-uploads';

export interface AttachmentsFieldProps {
  label: string;
  description?: string;
  maxCount?: number;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
  /** Signed-in customer (default) or an anonymous claimant. */
  authenticated?: boolean;
  /** Anonymous claimant: the upload key all fields of one report share. */
  uploadKey?: UploadKeyShare;
  /** The finished uploads (and their ids) and whether a file still uploads or failed, on every change. */
  onChange: (state: {
    uploadIds: string[];
    uploaded: UploadedFile[];
    isUploading: boolean;
    hasErrors: boolean;
  }) => void;
}

/**
 * Attachments of a form (Kontakt, the claim pages): uploads what is chosen and reports the
 * finished uploads to send with it.
 */
export function AttachmentsField({
  label,
  description,
  maxCount,
  errorMessage,
  isDisabled,
  authenticated,
  uploadKey,
  onChange,
}: AttachmentsFieldProps) {
  const uploads = useFileUploads({
    ...(authenticated === undefined ? {} : { authenticated }),
    ...(uploadKey ? { uploadKey } : {}),
  });
  const { uploaded, isUploading, hasErrors } = uploads;
  const ids = uploaded.map((upload) => upload.uploadId).join(',');
  const uploadedRef = useRef(uploaded);
  useLayoutEffect(() => {
    uploadedRef.current = uploaded;
  });
  useEffect(() => {
    onChange({
      uploadIds: ids === '' ? [] : ids.split(','),
      uploaded: uploadedRef.current,
      isUploading,
      hasErrors,
    });
  }, [ids, isUploading, hasErrors, onChange]);
  return (
    <UploadField
      uploads={uploads}
      label={label}
      {...(description === undefined ? {} : { description })}
      {...(maxCount === undefined ? {} : { maxCount })}
      {...(isDisabled === undefined ? {} : { isDisabled })}
      errorMessage={errorMessage}
      isInvalid={errorMessage !== undefined}
    />
  );
}
