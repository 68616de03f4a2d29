// The content check of an upload (issue 14, ADR 0025), done while the bytes stream to the file
// storage, never with the whole file in memory:
// - the type comes from the first bytes (magic numbers, file-type), never from the name; only the
//   types of spec §5 pass (images heif/heic/jpeg/png, videos mpeg/mp4/quicktime, text/plain, pdf);
//   archives, executables, HTML or script (even when named .jpg) are refused with 415;
// - more than MAX_FILE_SIZE_BYTES is refused with 413 as soon as the stream passes the limit;
// - text/plain must be UTF-8 without NUL bytes, to its last byte;
// - a PDF with an /Encrypt dictionary is flagged 'passwortgeschuetzt' for the uploader;
// - the location (EXIF GPS, XMP with GPS) of a JPEG or PNG is removed on the way (gps.ts), as is
//   that of a HEIF/HEIC photo (heif-location.ts) and of an MP4/QuickTime video (video-location.ts).
// A refusal is an error of the stream, so the storage removes what it had written.
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { fileExtension, MAX_FILE_SIZE_BYTES } from '@schirm/domain/validation/files';
import { AppError } from '../../platform/errors';
import type { FileExtension } from '../../platform/files/file-storage';
import { JpegLocationStripper, PngLocationStripper } from './gps';
import { HeifLocationStripper } from './heif-location';
import { VideoLocationStripper } from './video-location';
import { UPLOAD_TEXTS as T, type UploadHinweis } from './texts';

/** Bytes read before the type is decided (file-type's reasonable detection size). */
export const HEAD_BYTES = 4100;

export interface AllowedUploadType {
  mime: string;
  /** Extension of the stored key. */
  extension: FileExtension;
  /** Extensions a name may keep for this type; the first one replaces any other. */
  nameExtensions: readonly string[];
}

/** The detected types that pass, by the MIME type file-type reports. */
const BINARY_TYPES: Readonly<Record<string, AllowedUploadType>> = {
  'image/jpeg': { mime: 'image/jpeg', extension: 'jpg', nameExtensions: ['jpg', 'jpeg'] },
  'image/png': { mime: 'image/png', extension: 'png', nameExtensions: ['png'] },
  'image/heic': { mime: 'image/heic', extension: 'heic', nameExtensions: ['heic', 'heif'] },
  'image/heif': { mime: 'image/heif', extension: 'heif', nameExtensions: ['heif', 'heic'] },
  'video/mp4': { mime: 'video/mp4', extension: 'mp4', nameExtensions: ['mp4'] },
  'video/mpeg': { mime: 'video/mpeg', extension: 'mpg', nameExtensions: ['mpg', 'mpeg'] },
  'video/quicktime': { mime: 'video/quicktime', extension: 'mov', nameExtensions: ['mov'] },
  'application/pdf': { mime: 'application/pdf', extension: 'pdf', nameExtensions: ['pdf'] },
};

const TEXT_TYPE: AllowedUploadType = { mime: 'text/plain', extension: 'txt', nameExtensions: ['txt'] };

export function unsupportedType(message: string, userMessage: string = T.errors.type): AppError {
  return new AppError({ status: 415, code: 'UPLOAD_TYPE_NOT_ALLOWED', message, userMessage });
}

export function tooLarge(message: string): AppError {
  return new AppError({ status: 413, code: 'UPLOAD_TOO_LARGE', message, userMessage: T.errors.tooLarge });
}

// HTML, SVG, XML or script at the start of a text (after a BOM and white space), or a script tag
// anywhere in the first bytes: a browser could run it, so it is no 'text/plain' for us.
const MARKUP_START =
  /^\uFEFF?\s*<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|meta|style|a\s|img\s|div|!--)/i;
const SCRIPT_ANYWHERE = /<\s*(?:script|iframe|object|embed|svg)\b|javascript:|on[a-z]+\s*=\s*["']/i;

export function looksLikeMarkup(head: Buffer): boolean {
  const text = head.toString('latin1');
  return MARKUP_START.test(text) || SCRIPT_ANYWHERE.test(text);
}

/** The type of an upload from its first bytes and (for text only) its name; throws 415 otherwise. */
export async function detectType(head: Buffer, name: string): Promise<AllowedUploadType> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    const allowed = BINARY_TYPES[detected.mime];
    if (!allowed) throw unsupportedType(`Detected ${detected.mime} (${detected.ext}), not allowed`);
    return allowed;
  }
  if (looksLikeMarkup(head)) throw unsupportedType('HTML, XML or script content', T.errors.markup);
  // No magic number: plain text is the only type without one, and only as a .txt file.
  if (fileExtension(name) !== 'txt') throw unsupportedType(`Unknown content named ${name}`);
  return TEXT_TYPE;
}

/** Reads the first `HEAD_BYTES` (or the whole stream when shorter) and the rest, counting the limit. */
export async function splitHead(
  source: AsyncIterable<Buffer>,
  maxBytes: number = MAX_FILE_SIZE_BYTES,
): Promise<{ head: Buffer; rest: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let length = 0;
  let total = 0;
  const count = (chunk: Buffer) => {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge(`Upload passed ${maxBytes} bytes`);
  };
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    count(chunk);
    parts.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(parts, length);
  async function* rest(): AsyncGenerator<Buffer> {
    try {
      yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        count(chunk);
        yield chunk;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return { head, rest: rest() };
}

/** Refuses text that is not UTF-8 or holds a NUL byte, to the last byte. */
export class TextCheck extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (chunk.includes(0)) {
      callback(unsupportedType('NUL byte in text', T.errors.text));
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      callback(unsupportedType('Text is not UTF-8', T.errors.text));
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    try {
      this.decoder.decode();
      callback();
    } catch {
      callback(unsupportedType('Text ends inside a UTF-8 sequence', T.errors.text));
    }
  }
}

const ENCRYPT = Buffer.from('/Encrypt');

/**
 * Notes whether a PDF names an /Encrypt dictionary (its trailer or cross-reference stream does when
 * the file is password protected; both are never compressed). Passes every byte on unchanged.
 */
export class PdfEncryptionScan extends Transform {
  encrypted = false;
  private tail = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.encrypted) {
      const window = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
      if (window.includes(ENCRYPT)) this.encrypted = true;
      this.tail = Buffer.from(window.subarray(Math.max(0, window.length - (ENCRYPT.length - 1))));
    }
    callback(null, chunk);
  }
}

/** The stage that removes the location of a photo or video of this type, if it can hold one. */
function locationStripper(mime: string): (Transform & { removedLocation: boolean }) | undefined {
  switch (mime) {
    case 'image/jpeg':
      return new JpegLocationStripper();
    case 'image/png':
      return new PngLocationStripper();
    case 'image/heic':
    case 'image/heif':
      return new HeifLocationStripper();
    case 'video/mp4':
    case 'video/quicktime':
      return new VideoLocationStripper();
    default:
      // MPEG program streams carry no location metadata.
      return undefined;
  }
}

export interface InspectedUpload {
  type: AllowedUploadType;
  /** The bytes to store: checked and, for photos and videos, without location. */
  stream: Readable;
  /** What the check found; complete once `stream` has ended. */
  hinweise(): UploadHinweis[];
}

/**
 * Starts the check of an upload: reads the head, decides the type (415 otherwise) and returns the
 * stream to store. Errors of the rest (413, 415 for bad text) come out of that stream.
 */
export async function inspectUpload(
  source: AsyncIterable<Buffer>,
  name: string,
  maxBytes: number = MAX_FILE_SIZE_BYTES,
): Promise<InspectedUpload> {
  const { head, rest } = await splitHead(source, maxBytes);
  if (head.length === 0) {
    throw new AppError({
      status: 422,
      code: 'UPLOAD_EMPTY',
      message: 'Empty upload',
      userMessage: T.errors.empty,
    });
  }
  const type = await detectType(head, name);
  const input = Readable.from(rest, { objectMode: false });
  let stage: Transform | undefined;
  let hinweise: () => UploadHinweis[] = () => [];
  if (type.mime === 'text/plain') {
    stage = new TextCheck();
  } else if (type.mime === 'application/pdf') {
    const scan = new PdfEncryptionScan();
    stage = scan;
    hinweise = () => (scan.encrypted ? ['passwortgeschuetzt'] : []);
  } else {
    const strip = locationStripper(type.mime);
    if (strip) {
      stage = strip;
      hinweise = () => (strip.removedLocation ? ['standort-entfernt'] : []);
    }
  }
  if (!stage) {
    input.on('error', () => undefined);
    return { type, stream: input, hinweise };
  }
  const output = stage;
  // The check may fail before the storage listens; the storage's pipeline still sees the error.
  output.on('error', () => undefined);
  input.on('error', (error) => output.destroy(error));
  input.pipe(output);
  output.on('close', () => input.destroy());
  return { type, stream: output, hinweise };
}
