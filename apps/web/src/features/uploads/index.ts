export { AttachmentsField, type AttachmentsFieldProps } from './attachments-field';
export { UploadField, type UploadFieldProps } from './upload-field';
export {
  putWithXhr,
  UPLOAD_MESSAGES,
  useFileUploads,
  type FileUploadsState,
  type PutFile,
  type UploadedFile,
  type UploadKeyShare,
  type UseFileUploadsOptions,
} from './use-file-uploads';
