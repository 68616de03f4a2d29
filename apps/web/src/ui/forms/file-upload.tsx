import { useImperativeHandle, useRef, useState, type DragEvent, type FocusEvent, type Ref } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  ALLOWED_FILE_ACCEPT,
  ALLOWED_FILE_TYPES,
  MAX_FILE_SIZE_BYTES,
  formatFileSize,
  shortenFileName,
  validateFile,
} from '@schirm/domain/validation/files';
import { CloseIcon } from '../icons';
import { UploadIcon } from './field-icons';
import {
  FieldErrorText,
  NativeFieldLabel,
  describedBy,
  fieldClassName,
  fieldErrorText,
  useFieldIds,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';
import uploadStyles from './file-upload.module.css';

export interface FileUploadProps extends Omit<FieldBaseProps, 'name'> {
  value?: readonly File[];
  defaultValue?: readonly File[];
  onChange?: (files: File[]) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  /** The 'choose files' button, so a form can focus the field. */
  ref?: Ref<HTMLButtonElement>;
  /** Most files the field takes; unlimited when not given. */
  maxCount?: number;
  /**
   * The state of each listed file while it uploads (features/uploads): progress from 0 to 1, a
   * German error, or a note (e.g. a password-protected PDF). Without it the list shows names only.
   */
  fileStatus?: (file: File) => FileStatus | undefined;
}

/** What the list shows for one file beside its name and size. */
export interface FileStatus {
  /** Share uploaded, 0 to 1; shown as a progress bar until the file is done. */
  progress?: number;
  /** The file is stored. */
  done?: boolean;
  /** German reason the upload failed. */
  error?: string;
  /** German notes about the stored file. */
  notes?: readonly string[];
}

interface Rejection {
  name: string;
  message: string;
}

const ACCEPTED_TYPES = ALLOWED_FILE_ACCEPT.split(',');
const ALLOWED_EXTENSIONS = new Intl.ListFormat('de-DE', { type: 'conjunction' }).format(
  ALLOWED_FILE_TYPES.flatMap((type) => type.extensions.map((extension) => extension.toUpperCase())),
);

/** Splits chosen files into those the field takes and those rejected with a German reason. */
export function sortChosenFiles(
  chosen: readonly File[],
  currentCount: number,
  maxCount: number | undefined,
): { accepted: File[]; rejected: Rejection[] } {
  const accepted: File[] = [];
  const rejected: Rejection[] = [];
  for (const file of chosen) {
    const check = validateFile(file, { maxCount, currentCount: currentCount + accepted.length });
    if (check.valid) accepted.push(file);
    else rejected.push({ name: file.name, message: check.message });
  }
  return { accepted, rejected };
}

function fileKey(file: File, index: number): string {
  return `${index}-${file.name}-${file.size}-${file.lastModified}`;
}

/**
 * File upload with a drop area and a button (spec §5): allowed types, 200 MB per file, an optional
 * count limit, a list with shortened names, KB/MB sizes and remove buttons, and one German reason
 * per rejected file.
 */
export function FileUpload(props: FileUploadProps) {
  const {
    label,
    description,
    errorMessage,
    isInvalid,
    isRequired,
    isDisabled,
    className,
    onChange,
    onBlur,
    ref,
  } = props;
  const { maxCount, fileStatus } = props;
  const { t } = useTranslation('forms');
  const ids = useFieldIds();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useImperativeHandle<HTMLButtonElement | null, HTMLButtonElement | null>(ref, () => buttonRef.current, []);
  const [uncontrolledFiles, setUncontrolledFiles] = useState<readonly File[]>(props.defaultValue ?? []);
  const files = 'value' in props ? (props.value ?? []) : uncontrolledFiles;
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [isDropTarget, setIsDropTarget] = useState(false);
  const isFull = maxCount !== undefined && files.length >= maxCount;

  function change(next: File[]) {
    setUncontrolledFiles(next);
    onChange?.(next);
  }

  function add(chosen: readonly File[]) {
    if (chosen.length === 0) return;
    const sorted = sortChosenFiles(chosen, files.length, maxCount);
    setRejected(sorted.rejected);
    setAnnouncement(
      sorted.accepted.length > 0 ? t('fileUpload.added', { count: sorted.accepted.length }) : '',
    );
    if (sorted.accepted.length > 0) change([...files, ...sorted.accepted]);
  }

  function remove(index: number) {
    change(files.filter((_file, position) => position !== index));
    setRejected([]);
    setAnnouncement('');
    // The removed row's button is gone; the choose button is the stable place to continue from.
    buttonRef.current?.focus();
  }

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    if (isDisabled) return;
    event.preventDefault();
    setIsDropTarget(true);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDropTarget(false);
    if (!isDisabled) add(Array.from(event.dataTransfer.files));
  }

  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textDefault'));
  const hint = [
    t('fileUpload.allowed', { types: ALLOWED_EXTENSIONS, maxSize: formatFileSize(MAX_FILE_SIZE_BYTES) }),
    maxCount === undefined ? undefined : t('fileUpload.maxCount', { count: maxCount }),
    description,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={fieldClassName(className)} role="group" aria-labelledby={ids.labelId}>
      <NativeFieldLabel id={ids.labelId} isRequired={isRequired}>
        {label}
      </NativeFieldLabel>
      <div
        className={uploadStyles.dropArea}
        data-drop-target={isDropTarget || undefined}
        data-disabled={isDisabled || undefined}
        data-invalid={error !== undefined || undefined}
        onDragOver={handleDragOver}
        onDragLeave={() => setIsDropTarget(false)}
        onDrop={handleDrop}
      >
        <UploadIcon size={28} />
        <span>{t('fileUpload.dropHint')}</span>
        <FileTrigger
          acceptedFileTypes={ACCEPTED_TYPES}
          allowsMultiple={maxCount !== 1}
          onSelect={(list) => add(list ? Array.from(list) : [])}
        >
          <Button
            ref={buttonRef}
            className={uploadStyles.chooseButton}
            isDisabled={isDisabled || isFull}
            onBlur={onBlur}
            aria-describedby={describedBy(ids.labelId, ids.descriptionId, error !== undefined && ids.errorId)}
          >
            {t('fileUpload.choose')}
          </Button>
        </FileTrigger>
      </div>
      <div id={ids.descriptionId} className={styles.description}>
        {hint}
      </div>
      {rejected.length > 0 ? (
        <ul role="alert" className={uploadStyles.rejections}>
          {rejected.map((rejection, index) => (
            <li key={`${index}-${rejection.name}`}>
              {t('fileUpload.rejected', {
                name: shortenFileName(rejection.name),
                message: rejection.message,
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className={uploadStyles.files} aria-label={t('fileUpload.selected')}>
          {files.map((file, index) => {
            const status = fileStatus?.(file);
            const shortName = shortenFileName(file.name);
            return (
              <li
                key={fileKey(file, index)}
                className={uploadStyles.file}
                data-invalid={status?.error ? true : undefined}
              >
                <span className={uploadStyles.fileName} title={file.name}>
                  {shortName}
                </span>
                <span className={uploadStyles.fileSize}>{formatFileSize(file.size)}</span>
                {status && !status.done && !status.error && status.progress !== undefined ? (
                  <progress
                    className={uploadStyles.progress}
                    max={100}
                    value={Math.round(status.progress * 100)}
                    aria-label={t('fileUpload.progress', { name: shortName })}
                  />
                ) : null}
                {status?.done ? <span className={uploadStyles.done}>{t('fileUpload.done')}</span> : null}
                {status?.error ? (
                  <span role="alert" className={uploadStyles.fileError}>
                    {status.error}
                  </span>
                ) : null}
                {status?.notes?.map((note) => (
                  <span key={note} className={uploadStyles.fileNote}>
                    {note}
                  </span>
                ))}
                <Button
                  className={uploadStyles.removeButton}
                  aria-label={t('fileUpload.remove', { name: file.name })}
                  isDisabled={isDisabled}
                  onPress={() => remove(index)}
                >
                  <CloseIcon size={18} />
                  <span className={uploadStyles.removeText}>{t('fileUpload.removeLabel')}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className={styles.visuallyHidden} role="status">
        {announcement}
      </div>
      <FieldErrorText id={ids.errorId}>{error}</FieldErrorText>
    </div>
  );
}
