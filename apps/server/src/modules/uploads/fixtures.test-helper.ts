// Real files for the upload tests, built byte by byte so each test says what it contains: a 1×1
// JPEG and PNG with an EXIF location, a PDF with and without password (pdfkit), a zip whose
// entry inflates to many times its size, and HTML with script.
import { deflateRawSync, deflateSync, crc32 } from 'node:zlib';
import PDFDocument from 'pdfkit';

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);

/** A TIFF structure (big endian) with IFD0 → GPS IFD holding latitude 50° 56' 0" N. */
export function exifTiffWithGps(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 * 2 + 4 + 2 + 12 * 2 + 4 + 24);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: Orientation (kept) and the GPS IFD pointer.
  let at = 8;
  tiff.writeUInt16BE(2, at);
  at += 2;
  tiff.writeUInt16BE(0x0112, at); // Orientation
  tiff.writeUInt16BE(3, at + 2);
  tiff.writeUInt32BE(1, at + 4);
  tiff.writeUInt16BE(6, at + 8);
  at += 12;
  const gpsIfd = 8 + 2 + 24 + 4;
  tiff.writeUInt16BE(0x8825, at);
  tiff.writeUInt16BE(4, at + 2);
  tiff.writeUInt32BE(1, at + 4);
  tiff.writeUInt32BE(gpsIfd, at + 8);
  at += 12;
  tiff.writeUInt32BE(0, at); // no IFD1
  at = gpsIfd;
  tiff.writeUInt16BE(2, at);
  at += 2;
  tiff.writeUInt16BE(0x0001, at); // GPSLatitudeRef 'N'
  tiff.writeUInt16BE(2, at + 2);
  tiff.writeUInt32BE(2, at + 4);
  tiff.write('N\0', at + 8, 'latin1');
  at += 12;
  const rationals = gpsIfd + 2 + 24 + 4;
  tiff.writeUInt16BE(0x0002, at); // GPSLatitude, 3 RATIONAL
  tiff.writeUInt16BE(5, at + 2);
  tiff.writeUInt32BE(3, at + 4);
  tiff.writeUInt32BE(rationals, at + 8);
  at += 12;
  tiff.writeUInt32BE(0, at);
  for (const [index, value] of [50, 56, 0].entries()) {
    tiff.writeUInt32BE(value, rationals + index * 8);
    tiff.writeUInt32BE(1, rationals + index * 8 + 4);
  }
  return tiff;
}

/** A 1×1 grey baseline JPEG, with an EXIF segment carrying a location when asked. */
export function jpeg({ gps }: { gps: boolean }): Buffer {
  const segment = (marker: number, body: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker]), u16(body.length + 2), body]);
  const parts = [Buffer.from([0xff, 0xd8])];
  if (gps) parts.push(segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiffWithGps()])));
  parts.push(segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])));
  parts.push(segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])));
  const oneCode = (tableClass: number) =>
    segment(
      0xc4,
      Buffer.concat([
        Buffer.from([tableClass]),
        Buffer.from([1, ...Array<number>(15).fill(0)]),
        Buffer.from([0]),
      ]),
    );
  parts.push(oneCode(0x00), oneCode(0x10));
  parts.push(segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])));
  // DC category 0 ('0'), end of block ('0'), padded with ones.
  parts.push(Buffer.from([0x3f, 0xff, 0xd9]));
  return Buffer.concat(parts);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 1×1 PNG; with an eXIf chunk carrying a location when asked. */
export function png({ gps }: { gps: boolean }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(gps ? [pngChunk('eXIf', exifTiffWithGps())] : []),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether the bytes still hold the latitude of exifTiffWithGps (50/1, 56/1). */
export function holdsLatitude(bytes: Buffer): boolean {
  const latitude = Buffer.alloc(16);
  latitude.writeUInt32BE(50, 0);
  latitude.writeUInt32BE(1, 4);
  latitude.writeUInt32BE(56, 8);
  latitude.writeUInt32BE(1, 12);
  return bytes.includes(latitude);
}

/** A one-page PDF written by pdfkit, password protected when `userPassword` is given. */
export async function pdf({ userPassword }: { userPassword?: string } = {}): Promise<Buffer> {
  const document = new PDFDocument({
    ...(userPassword === undefined
      ? {}
      : { userPassword, ownerPassword: `${userPassword}-owner`, pdfVersion: '1.7' as const }),
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.text('Rechnung Fahrradschloss');
  document.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A zip with one entry of `inflated` zero bytes (a small zip bomb: it compresses about 1000:1). */
export function zipBomb(inflated = 10_000_000): Buffer {
  const content = Buffer.alloc(inflated);
  const compressed = deflateRawSync(content, { level: 9 });
  const name = Buffer.from('nullen.txt');
  const crc = crc32(content) >>> 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + compressed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, compressed, central, name, end]);
}

export const HTML_WITH_SCRIPT = Buffer.from(
  '<!DOCTYPE html><html><body><script>fetch("/api/auth/me")</script></body></html>',
);
