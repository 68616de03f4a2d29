import { describe, expect, it } from 'vitest';
import {
  ALLOWED_FILE_ACCEPT,
  FILE_MESSAGES,
  MAX_FILE_SIZE_BYTES,
  fileExtension,
  formatFileSize,
  shortenFileName,
  validateFile,
} from './files';

describe('validateFile', () => {
  it.each([
    ['foto.heif', 'image/heif'],
    ['foto.HEIC', ''],
    ['foto.jpeg', 'image/jpeg'],
    ['foto.jpg', 'image/jpeg'],
    ['foto.png', 'image/png'],
    ['video.mpeg', 'video/mpeg'],
    ['video.mp4', 'video/mp4'],
    ['video.mov', 'video/quicktime'],
    ['notiz.txt', 'text/plain'],
    ['rechnung.pdf', 'application/pdf'],
    ['rechnung.PDF', 'application/octet-stream'],
  ])('accepts %s (%j)', (name, type) => {
    expect(validateFile({ name, type, size: 1000 })).toEqual({ valid: true });
  });

  it.each([
    ['tabelle.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['bild.gif', 'image/gif'],
    ['programm.exe', 'image/png'],
    ['foto.jpg', 'text/html'],
    ['ohne-endung', 'image/png'],
    ['.pdf', 'application/pdf'],
  ])('rejects %s (%s)', (name, type) => {
    expect(validateFile({ name, type, size: 1000 })).toEqual({ valid: false, message: FILE_MESSAGES.type });
  });

  it.each([
    [0, { valid: false, message: FILE_MESSAGES.empty }],
    [1, { valid: true }],
    [200_000_000, { valid: true }],
    [200_000_001, { valid: false, message: 'Die Datei ist größer als 200 MB.' }],
  ])('a file of %i bytes gives %j', (size, expected) => {
    expect(validateFile({ name: 'a.pdf', type: 'application/pdf', size }, {})).toEqual(expected);
  });

  it('has the limit of spec §9', () => {
    expect(MAX_FILE_SIZE_BYTES).toBe(200_000_000);
  });

  it.each([
    [{ maxCount: 3, currentCount: 2 }, { valid: true }],
    [
      { maxCount: 3, currentCount: 3 },
      { valid: false, message: 'Sie können höchstens 3 Dateien hochladen.' },
    ],
    [
      { maxCount: 1, currentCount: 1 },
      { valid: false, message: 'Sie können nur eine Datei hochladen.' },
    ],
    [{ currentCount: 99 }, { valid: true }],
  ])('count limit %j gives %j', (options, expected) => {
    expect(validateFile({ name: 'a.png', type: 'image/png', size: 10 }, options)).toEqual(expected);
  });

  it('builds an accept attribute with types and extensions', () => {
    expect(ALLOWED_FILE_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['image/heic', '.heic', 'video/quicktime', '.mov', 'application/pdf', '.pdf']),
    );
  });

  it.each([
    ['Foto.JPG', 'jpg'],
    ['archiv.tar.gz', 'gz'],
    ['ohne', undefined],
    ['.hidden', undefined],
    ['punkt.', undefined],
  ])('fileExtension(%j) = %s', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe('shortenFileName', () => {
  it.each([
    ['kurz.pdf', 'kurz.pdf'],
    // exactly 30 characters including the extension: unchanged, extension case kept
    ['abcdefghijklmnopqrstuvwxyz.PDF', 'abcdefghijklmnopqrstuvwxyz.PDF'],
    // 31 characters: first 20 of the base name, ellipsis, lower-case extension
    ['abcdefghijklmnopqrstuvwxyz1.PDF', 'abcdefghijklmnopqrst….pdf'],
    ['Schadensmeldung_Wasserschaden_Keller.JPG', 'Schadensmeldung_Wass….jpg'],
    ['eine-sehr-lange-datei-ohne-jede-endung', 'eine-sehr-lange-date…'],
    ['Übersicht 😀 Schäden im Keller und Dach.png', 'Übersicht 😀 Schäden ….png'],
  ])('%j → %j', (name, expected) => {
    expect(shortenFileName(name)).toBe(expected);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 KB'],
    [1, '0,1 KB'],
    [512_300, '512,3 KB'],
    [1000, '1 KB'],
    [999_999, '999,9 KB'],
    [1_000_000, '1 MB'],
    [1_500_000, '1,5 MB'],
    [123_456_789, '123,4 MB'],
    [200_000_000, '200 MB'],
  ])('%i bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
