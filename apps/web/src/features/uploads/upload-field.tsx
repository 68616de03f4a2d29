import { FileUpload, type FileUploadProps } from '../../ui/forms/file-upload';
import type { FileUploadsState } from './use-file-uploads';

export interface UploadFieldProps extends Omit<
  FileUploadProps,
  'value' | 'defaultValue' | 'onChange' | 'fileStatus'
> {
  /** The state of useFileUploads: the field lists its files, progress and errors. */
  uploads: FileUploadsState;
}

/**
 * The design system's FileUpload that uploads what is chosen at once (POST /api/upload/, then the
 * PUT with progress), with each file's progress, German error or note in the list.
 */
export function UploadField({ uploads, ...props }: UploadFieldProps) {
  return (
    <FileUpload {...props} value={uploads.files} onChange={uploads.setFiles} fileStatus={uploads.statusOf} />
  );
}
