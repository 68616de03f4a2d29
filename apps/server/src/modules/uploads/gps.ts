// Removing the location from photos while they stream (issue 14, ADR 0025). A phone writes where a
// photo was taken into its EXIF data (the GPS IFD of the TIFF structure) and sometimes into XMP.
// - EXIF: the GPS IFD's entries and the values they point to are overwritten with zeros and the
//   IFD's entry count set to 0, in place: every other offset stays valid, so orientation, date and
//   camera data survive and no image data is re-encoded.
// - XMP with GPS properties: the whole XMP packet is left out.
// JPEG: only the segments before the image data (start of scan) are parsed, one segment (at most
// 64 KiB) at a time; PNG: the chunks are parsed, image data (IDAT) passes through as it comes.
// HEIF/HEIC photos and MP4/QuickTime videos: heif-location.ts and video-location.ts (clearTiffGps
// and xmpHasLocation serve them too).
import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';

const GPS_IFD_TAG = 0x8825;
// Bytes per value of each TIFF field type (1 BYTE … 12 DOUBLE, 13 IFD).
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

/**
 * Clears the GPS IFD of a TIFF structure (EXIF payload) in place. Returns true when there were GPS
 * entries. A malformed structure is left as it is (false): nothing is read outside the buffer.
 */
export function clearTiffGps(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const inside = (offset: number, length: number) => offset >= 0 && offset + length <= tiff.length;
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const ifd0 = u32(4);
  if (!inside(ifd0, 2)) return false;
  const entries = u16(ifd0);
  let gps: number | undefined;
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd0 + 2 + index * 12;
    if (!inside(entry, 12)) return false;
    if (u16(entry) === GPS_IFD_TAG) gps = u32(entry + 8);
  }
  if (gps === undefined || !inside(gps, 2)) return false;
  const gpsEntries = u16(gps);
  if (gpsEntries === 0) return false;
  for (let index = 0; index < gpsEntries; index += 1) {
    const entry = gps + 2 + index * 12;
    if (!inside(entry, 12)) break;
    const size = (TYPE_SIZES[u16(entry + 2)] ?? 0) * u32(entry + 4);
    if (size > 4) {
      const valueOffset = u32(entry + 8);
      if (inside(valueOffset, size)) tiff.fill(0, valueOffset, valueOffset + size);
    }
    tiff.fill(0, entry, entry + 12);
  }
  tiff.fill(0, gps, gps + 2);
  return true;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_HEADERS = [
  Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'),
  Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1'),
];
const XMP_GPS = /GPS(?:Latitude|Longitude|Altitude|Coordinates)|exif:GPS/;

/** Whether an XMP packet names a location. */
export function xmpHasLocation(packet: Buffer): boolean {
  return XMP_GPS.test(packet.toString('latin1'));
}

/** Longest run of header segments before the image data we accept (larger is no photo). */
const MAX_JPEG_HEADER_BYTES = 16 * 1024 * 1024;

/** Removes EXIF GPS and XMP with a location from a JPEG as it streams. */
export class JpegLocationStripper extends Transform {
  removedLocation = false;
  private buffer: Buffer = Buffer.alloc(0);
  private headerBytes = 0;
  private passThrough = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.passThrough) {
      callback(null, chunk);
      return;
    }
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
    try {
      this.parse();
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.buffer.length > 0) this.push(this.buffer);
    this.buffer = Buffer.alloc(0);
    callback();
  }

  private emitHeader(bytes: Buffer): void {
    this.headerBytes += bytes.length;
    this.push(bytes);
  }

  private parse(): void {
    let position = 0;
    const buffer = this.buffer;
    if (this.headerBytes === 0) {
      if (buffer.length < 2) return;
      // detectType saw the JPEG signature; a stream not starting with it passes unchanged.
      if (buffer[0] !== 0xff || buffer[1] !== 0xd8) {
        this.finishHeader(0);
        return;
      }
      this.emitHeader(buffer.subarray(0, 2));
      position = 2;
    }
    for (;;) {
      if (buffer.length - position < 4) break;
      if (buffer[position] !== 0xff) {
        this.finishHeader(position);
        return;
      }
      const marker = buffer[position + 1] ?? 0;
      // Start of scan, end of image, or a marker without length: the image data begins.
      if (
        marker === 0xda ||
        marker === 0xd9 ||
        marker === 0xff ||
        (marker >= 0xd0 && marker <= 0xd7) ||
        marker === 0x01
      ) {
        this.finishHeader(position);
        return;
      }
      const length = buffer.readUInt16BE(position + 2);
      const end = position + 2 + length;
      if (end > buffer.length) break;
      const segment = buffer.subarray(position, end);
      if (marker === 0xe1) {
        const data = segment.subarray(4);
        if (data.subarray(0, 6).equals(EXIF_HEADER)) {
          const copy = Buffer.from(segment);
          if (clearTiffGps(copy.subarray(10))) this.removedLocation = true;
          this.emitHeader(copy);
        } else if (XMP_HEADERS.some((header) => data.subarray(0, header.length).equals(header))) {
          if (xmpHasLocation(data)) this.removedLocation = true;
          else this.emitHeader(Buffer.from(segment));
        } else {
          this.emitHeader(Buffer.from(segment));
        }
      } else {
        this.emitHeader(Buffer.from(segment));
      }
      position = end;
      if (this.headerBytes > MAX_JPEG_HEADER_BYTES) {
        this.finishHeader(position);
        return;
      }
    }
    this.buffer = Buffer.from(buffer.subarray(position));
  }

  private finishHeader(position: number): void {
    if (position < this.buffer.length) this.push(this.buffer.subarray(position));
    this.buffer = Buffer.alloc(0);
    this.passThrough = true;
  }
}

const PNG_SIGNATURE_LENGTH = 8;
const TEXT_CHUNKS = new Set(['tEXt', 'iTXt', 'zTXt']);
/** Text chunks (XMP) are buffered to look into; a bigger one passes unchanged. */
const MAX_BUFFERED_CHUNK = 16 * 1024 * 1024;

/** Removes EXIF GPS (eXIf chunk) and XMP with a location (iTXt XML:com.adobe.xmp) from a PNG as it streams. */
export class PngLocationStripper extends Transform {
  removedLocation = false;
  private buffer: Buffer = Buffer.alloc(0);
  private signatureDone = false;
  /** Bytes of the current chunk still to pass through unchanged. */
  private passing = 0;
  /** After IEND: nothing more to look at. */
  private ended = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.ended) {
      callback(null, chunk);
      return;
    }
    // Work on the carried-over bytes (a partial header or a chunk being inspected) and the new ones.
    const data: Buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
    this.buffer = Buffer.alloc(0);
    let at = 0;
    while (at < data.length) {
      if (this.passing > 0) {
        const take = Math.min(this.passing, data.length - at);
        this.push(data.subarray(at, at + take));
        this.passing -= take;
        at += take;
        continue;
      }
      if (this.ended) {
        this.push(data.subarray(at));
        at = data.length;
        break;
      }
      if (!this.signatureDone) {
        if (data.length - at < PNG_SIGNATURE_LENGTH) break;
        this.push(data.subarray(at, at + PNG_SIGNATURE_LENGTH));
        at += PNG_SIGNATURE_LENGTH;
        this.signatureDone = true;
        continue;
      }
      if (data.length - at < 8) break;
      const length = data.readUInt32BE(at);
      const type = data.toString('latin1', at + 4, at + 8);
      const whole = 12 + length;
      const inspect = (type === 'eXIf' || TEXT_CHUNKS.has(type)) && whole <= MAX_BUFFERED_CHUNK;
      if (!inspect) {
        // Header now, the data and CRC as they come; after IEND everything passes unchanged.
        this.push(data.subarray(at, at + 8));
        this.passing = length + 4;
        at += 8;
        if (type === 'IEND') this.ended = true;
        continue;
      }
      if (data.length - at < whole) break;
      this.handleChunk(type, Buffer.from(data.subarray(at, at + whole)));
      at += whole;
    }
    if (at < data.length) this.buffer = Buffer.from(data.subarray(at));
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.buffer.length > 0) this.push(this.buffer);
    callback();
  }

  private handleChunk(type: string, chunk: Buffer): void {
    const body = chunk.subarray(8, chunk.length - 4);
    if (type === 'eXIf') {
      if (clearTiffGps(body)) {
        this.removedLocation = true;
        chunk.writeUInt32BE(crc32(chunk.subarray(4, chunk.length - 4)) >>> 0, chunk.length - 4);
      }
      this.push(chunk);
      return;
    }
    const keywordEnd = body.indexOf(0);
    const keyword = keywordEnd > 0 ? body.toString('latin1', 0, keywordEnd) : '';
    if (keyword === 'XML:com.adobe.xmp' && xmpHasLocation(body)) {
      this.removedLocation = true;
      return;
    }
    this.push(chunk);
  }
}
