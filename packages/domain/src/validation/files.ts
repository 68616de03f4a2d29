// Upload rules (spec §5, §9): allowed types, 200,000,000 bytes per file, configurable count,
// shortened names and KB/MB sizes for display.
//
// Sizes use decimal units as the spec's thresholds do (1 KB = 1,000 bytes, 1 MB = 1,000,000
// bytes, so the limit reads '200 MB'). formatFileSize rounds down to one decimal and drops ',0'
// ('999,9 KB' for 999,999 bytes, never '1.000 KB'); a non-empty file below 100 bytes shows as
// '0,1 KB' so it never looks empty.
//
// shortenFileName: the 30 counts the whole name including the extension, as the person sees it.
// Longer names keep the first 20 characters of the name without extension, then '…', then '.' and
// the extension in lower case ('Schadensmeldung_Wasserschaden_Keller.JPG' →
// 'Schadensmeldung_Wass….jpg'). Characters are Unicode code points.
import { formatGermanNumber } from '../format/number';

export interface AllowedFileType {
  mime: string;
  extensions: readonly string[];
}

/** Allowed upload types: images, videos, plain text and PDF. */
export const ALLOWED_FILE_TYPES: readonly AllowedFileType[] = [
  { mime: 'image/heif', extensions: ['heif'] },
  { mime: 'image/heic', extensions: ['heic'] },
  { mime: 'image/jpeg', extensions: ['jpeg', 'jpg'] },
  { mime: 'image/png', extensions: ['png'] },
  { mime: 'video/mpeg', extensions: ['mpeg', 'mpg'] },
  { mime: 'video/mp4', extensions: ['mp4'] },
  { mime: 'video/quicktime', extensions: ['mov'] },
  { mime: 'text/plain', extensions: ['txt'] },
  { mime: 'application/pdf', extensions: ['pdf'] },
];

/** Value for an <input type="file" accept> attribute. */
export const ALLOWED_FILE_ACCEPT = ALLOWED_FILE_TYPES.flatMap(({ mime, extensions }) => [
  mime,
  ...extensions.map((extension) => `.${extension}`),
]).join(',');

/** Largest file accepted, in bytes (spec §9). */
export const MAX_FILE_SIZE_BYTES = 200_000_000;
/** Names longer than this many characters are shortened. */
export const FILE_NAME_SHORTEN_ABOVE = 30;
/** Characters of the name kept when shortening. */
export const FILE_NAME_KEEP = 20;
/** Sizes from this many bytes on are shown in MB. */
export const FILE_SIZE_MB_THRESHOLD = 1_000_000;

/** German messages of the file check. */
export const FILE_MESSAGES = {
  type: 'Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder (HEIF, HEIC, JPEG, PNG), Videos (MPEG, MP4, MOV), Textdateien (TXT) und PDF.',
  tooLarge: 'Die Datei ist größer als 200 MB.',
  empty: 'Die Datei ist leer.',
  tooMany: (maxCount: number) =>
    maxCount === 1
      ? 'Sie können nur eine Datei hochladen.'
      : `Sie können höchstens ${maxCount} Dateien hochladen.`,
} as const;

export type FileCheckResult = { valid: true } | { valid: false; message: string };

// Browsers report an empty or generic type for HEIC and some videos; the extension decides then.
const UNKNOWN_MIME_TYPES = new Set(['', 'application/octet-stream']);
const ELLIPSIS = '…';

function splitName(name: string): { base: string; extension: string | undefined } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { base: name, extension: undefined };
  return { base: name.slice(0, dot), extension: name.slice(dot + 1) };
}

/** Lower-case extension without dot, or undefined ('Foto.JPG' → 'jpg'). */
export function fileExtension(name: string): string | undefined {
  return splitName(name).extension?.toLowerCase();
}

/** True when the mime type is one of the allowed types (case-insensitive). */
export function isAllowedMimeType(mime: string): boolean {
  const normalized = mime.toLowerCase();
  return ALLOWED_FILE_TYPES.some((type) => type.mime === normalized);
}

/** True when the extension (without dot, any case) is allowed. */
export function isAllowedExtension(extension: string): boolean {
  const normalized = extension.toLowerCase();
  return ALLOWED_FILE_TYPES.some((type) => type.extensions.includes(normalized));
}

function isAllowedType(name: string, type: string): boolean {
  const extension = fileExtension(name);
  if (extension === undefined || !isAllowedExtension(extension)) return false;
  return UNKNOWN_MIME_TYPES.has(type) || isAllowedMimeType(type);
}

/**
 * Checks one file before upload: count limit (when maxCount is given, currentCount files are
 * already attached), type by extension and mime type, emptiness and size.
 */
export function validateFile(
  file: { name: string; type: string; size: number },
  { maxCount, currentCount = 0 }: { maxCount?: number; currentCount?: number } = {},
): FileCheckResult {
  if (maxCount !== undefined && currentCount >= maxCount) {
    return { valid: false, message: FILE_MESSAGES.tooMany(maxCount) };
  }
  if (!isAllowedType(file.name, file.type)) return { valid: false, message: FILE_MESSAGES.type };
  if (file.size <= 0) return { valid: false, message: FILE_MESSAGES.empty };
  if (file.size > MAX_FILE_SIZE_BYTES) return { valid: false, message: FILE_MESSAGES.tooLarge };
  return { valid: true };
}

/** Shortens names over 30 characters to 20 characters, '…' and the lower-case extension. */
export function shortenFileName(name: string): string {
  if (Array.from(name).length <= FILE_NAME_SHORTEN_ABOVE) return name;
  const { base, extension } = splitName(name);
  const kept = Array.from(base).slice(0, FILE_NAME_KEEP).join('');
  return extension === undefined ? kept + ELLIPSIS : `${kept}${ELLIPSIS}.${extension.toLowerCase()}`;
}

/** File size for display: below 1,000,000 bytes in KB, else in MB ('512,3 KB', '1,5 MB'). */
export function formatFileSize(bytes: number): string {
  const isMegabytes = bytes >= FILE_SIZE_MB_THRESHOLD;
  const tenthsDivisor = isMegabytes ? 100_000 : 100;
  const tenths = bytes > 0 ? Math.max(1, Math.floor(bytes / tenthsDivisor)) : 0;
  const value = formatGermanNumber(tenths / 10, { maxDecimals: 1 });
  return `${value} ${isMegabytes ? 'MB' : 'KB'}`;
}
