import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
// Content-Disposition for downloads with German file names (RFC 6266): an ASCII fallback in
// `filename` (umlauts transcribed, anything else replaced) and the exact UTF-8 name in `filename*`.

const TRANSCRIPTIONS: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
};

/** The file name in plain ASCII: 'Kündigungsbestätigung.pdf' → 'Kuendigungsbestaetigung.pdf'. */
export function asciiFileName(name: string): string {
  return name
    .replace(/[äöüÄÖÜß]/g, (char) => TRANSCRIPTIONS[char] ?? '_')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()-]/g, '_');
}

// RFC 5987 attr-char: encodeURIComponent leaves a few characters that must be escaped too.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment; filename="…"; filename*=UTF-8''…` for a download named `name`. */
export function contentDisposition(name: string): string {
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** The headers and body of a file download: its type (never sniffed), size and German file name. */
export function sendFile(
  reply: FastifyReply,
  file: { stream: Readable; size: number; contentType: string; fileName: string },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(file.fileName))
    .send(file.stream);
}
