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

// ISO base media files (HEIF/HEIC photos, MP4/QuickTime videos): byte-exact boxes, each with the
// ranges where the location lies, so a test can check that only those bytes changed.

/** [start, end) of bytes in a synthetic file that hold (part of) its location. */
export type ByteRange = readonly [number, number];

export interface SyntheticFile {
  bytes: Buffer;
  /** Where the location lies; empty for a file without one. */
  locationRanges: ByteRange[];
}

const be32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

function bmffBox(type: string | Buffer, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const typeBytes = typeof type === 'string' ? Buffer.from(type, 'latin1') : type;
  return Buffer.concat([be32(8 + body.length), typeBytes, body]);
}

function fullBox(type: string, version: number, ...parts: Buffer[]): Buffer {
  return bmffBox(type, Buffer.from([version, 0, 0, 0]), ...parts);
}

const cString = (text: string) => Buffer.from(`${text}\0`, 'latin1');

/** A TIFF structure (big endian) with IFD0 holding only the orientation: EXIF without location. */
export function exifTiffWithoutGps(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(6, 18);
  return tiff;
}

/** An XMP packet; with GPS properties (50° 56' N, 6° 57' E) when asked. */
export function xmpPacket({ gps }: { gps: boolean }): Buffer {
  const location = gps ? ' exif:GPSLatitude="50,56.0N" exif:GPSLongitude="6,57.0E"' : '';
  return Buffer.from(
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description' +
      ` xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="3"${location}/>` +
      '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
  );
}

/** The GPS IFD of exifTiffWithGps inside a TIFF starting at `tiffStart`: what clearTiffGps clears. */
function gpsRanges(tiffStart: number): ByteRange[] {
  const gpsIfd = tiffStart + 8 + 2 + 24 + 4;
  return [[gpsIfd, gpsIfd + 2 + 24 + 4 + 24]];
}

export interface HeicOptions {
  /** EXIF with a GPS IFD (else EXIF with the orientation only). */
  gps: boolean;
  /** An XMP item, with GPS properties when `gps`. */
  xmp?: boolean;
  /** Where the EXIF item lies: in mdat (construction method 0, the iPhone's way) or in idat (method 1). */
  exifIn?: 'mdat' | 'idat';
  /** The EXIF item in two extents with the image data between them (method 0 only). */
  splitExif?: boolean;
  /** Bytes of (fake) HEVC image data. */
  imageBytes?: number;
}

/**
 * A HEIC photo as an iPhone lays it out: ftyp (heic), meta (hdlr pict, pitm, iinf with an hvc1
 * image, an Exif and optionally an XMP item, iloc version 1 with 4-byte offsets, idat), then mdat.
 * The image data is a byte pattern, not HEVC: the upload checks the container, not the pixels.
 */
export function heic({
  gps,
  xmp = false,
  exifIn = 'mdat',
  splitExif = false,
  imageBytes = 100,
}: HeicOptions): SyntheticFile {
  const tiff = gps ? exifTiffWithGps() : exifTiffWithoutGps();
  // The EXIF item: offset 6 to the TIFF header, 'Exif\0\0', the TIFF structure.
  const exif = Buffer.concat([be32(6), Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const xmpBytes = xmpPacket({ gps });
  const image = Buffer.alloc(imageBytes);
  for (let index = 0; index < image.length; index += 1) image[index] = (index * 31 + 7) & 0xff;
  const ftyp = bmffBox('ftyp', Buffer.from('heic', 'latin1'), be32(0), Buffer.from('mif1heic', 'latin1'));
  const split = splitExif && exifIn === 'mdat' ? 20 : exif.length;
  // mdat: [exif part 1] image [exif part 2] [xmp] — part 2 empty unless split; exif absent when in idat.
  const mdatParts: Buffer[] =
    exifIn === 'mdat' ? [exif.subarray(0, split), image, exif.subarray(split)] : [image];
  if (xmp) mdatParts.push(xmpBytes);
  const build = (mdatPayload: number) => {
    const infe = (id: number, type: string, ...rest: Buffer[]) =>
      fullBox('infe', 2, Buffer.from([0, id, 0, 0]), Buffer.from(type, 'latin1'), ...rest);
    const items = [infe(1, 'hvc1', cString('')), infe(2, 'Exif', cString(''))];
    if (xmp) items.push(infe(3, 'mime', cString(''), cString('application/rdf+xml')));
    type Location = { id: number; method: number; extents: [number, number][] };
    const imageAt = exifIn === 'mdat' ? mdatPayload + split : mdatPayload;
    const locations: Location[] = [{ id: 1, method: 0, extents: [[imageAt, image.length]] }];
    if (exifIn === 'idat') locations.push({ id: 2, method: 1, extents: [[0, exif.length]] });
    else {
      const extents: [number, number][] = [[mdatPayload, split]];
      if (split < exif.length) extents.push([imageAt + image.length, exif.length - split]);
      locations.push({ id: 2, method: 0, extents });
    }
    if (xmp) {
      const xmpAt = mdatPayload + mdatParts.slice(0, -1).reduce((sum, part) => sum + part.length, 0);
      locations.push({ id: 3, method: 0, extents: [[xmpAt, xmpBytes.length]] });
    }
    const iloc = fullBox(
      'iloc',
      1,
      Buffer.from([0x44, 0x00]), // 4-byte offsets and lengths, no base offset, no index
      Buffer.from([0, locations.length]),
      ...locations.map(({ id, method, extents }) =>
        Buffer.concat([
          Buffer.from([0, id, 0, method, 0, 0, 0, extents.length]),
          ...extents.map(([offset, length]) => Buffer.concat([be32(offset), be32(length)])),
        ]),
      ),
    );
    return fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, be32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), cString('')),
      fullBox('pitm', 0, Buffer.from([0, 1])),
      fullBox('iinf', 0, Buffer.from([0, items.length]), ...items),
      iloc,
      ...(exifIn === 'idat' ? [bmffBox('idat', exif)] : []),
    );
  };
  // The offsets do not change the meta box's length: build it once to learn where mdat begins.
  const metaLength = build(0).length;
  const mdatPayload = ftyp.length + metaLength + 8;
  const meta = build(mdatPayload);
  const bytes = Buffer.concat([ftyp, meta, bmffBox('mdat', ...mdatParts)]);
  const locationRanges: ByteRange[] = [];
  if (gps) {
    // The TIFF starts 10 bytes into the EXIF item; its GPS values may be in the item's second part.
    const exifAt = exifIn === 'idat' ? bytes.indexOf(exif) : mdatPayload;
    const toFile = (itemOffset: number) =>
      itemOffset < split || exifIn === 'idat' ? exifAt + itemOffset : mdatPayload + image.length + itemOffset;
    for (const [start, end] of gpsRanges(10)) {
      for (let at = start; at < end; at += 1) {
        const position = toFile(at);
        const last = locationRanges.at(-1);
        if (last && last[1] === position) locationRanges[locationRanges.length - 1] = [last[0], position + 1];
        else locationRanges.push([position, position + 1]);
      }
    }
    if (xmp) {
      const xmpAt = bytes.length - xmpBytes.length;
      locationRanges.push([xmpAt, bytes.length]);
    }
  }
  return { bytes, locationRanges };
}

const ISO6709 = '+52.5200+013.4050/';

/** Whether the bytes still hold the place of the synthetic videos (ISO 6709 '+52.5200+013.4050'). */
export function holdsVideoLocation(bytes: Buffer): boolean {
  return bytes.includes('+52.5200') || bytes.includes('013.4050');
}

export interface VideoOptions {
  /** '©xyz' in moov/udta and Apple's location keys in moov/meta. */
  location: boolean;
  /** 'qt  ' (QuickTime, iPhone) or 'isom' (MP4, Android). */
  brand?: 'qt  ' | 'isom';
  /** moov before mdat (fast start) or after it (as a camera writes it). */
  moovFirst?: boolean;
  mdatBytes?: number;
}

/**
 * A video as phones write it: ftyp, moov (mvhd; a trak whose stco points into mdat; udta with
 * '©xyz' and '©too' as QuickTime text and the 4 zero bytes QuickTime ends udta with; meta with
 * handler 'mdta', keys and ilst: make, location.ISO6709, location.accuracy.horizontal), mdat.
 */
export function video({
  location,
  brand = 'qt  ',
  moovFirst = true,
  mdatBytes = 200,
}: VideoOptions): SyntheticFile {
  const ftyp = bmffBox('ftyp', Buffer.from(brand, 'latin1'), be32(0x200), Buffer.from(brand, 'latin1'));
  const media = Buffer.alloc(mdatBytes);
  for (let index = 0; index < media.length; index += 1) media[index] = (index * 17 + 3) & 0xff;
  const mdat = bmffBox('mdat', media);
  const text = (type: string, value: string) =>
    bmffBox(
      Buffer.from(type, 'latin1'),
      Buffer.from([0, value.length, 0x15, 0xc7]),
      Buffer.from(value, 'latin1'),
    );
  const keyEntry = (key: string) =>
    Buffer.concat([be32(8 + key.length), Buffer.from(`mdta${key}`, 'latin1')]);
  const data = (value: string) => bmffBox('data', be32(1), be32(0), Buffer.from(value, 'latin1'));
  const keys = [
    'com.apple.quicktime.make',
    ...(location
      ? ['com.apple.quicktime.location.ISO6709', 'com.apple.quicktime.location.accuracy.horizontal']
      : []),
  ];
  const values = ['Apple', ...(location ? [`${ISO6709.slice(0, -1)}+034.000/`, '14.2'] : [])];
  const build = (mdatPayload: number) => {
    const mvhd = fullBox('mvhd', 0, Buffer.alloc(8), be32(600), be32(6000), Buffer.alloc(80));
    const stco = fullBox('stco', 0, be32(1), be32(mdatPayload));
    const trak = bmffBox(
      'trak',
      fullBox('tkhd', 0, Buffer.alloc(80)),
      bmffBox('mdia', bmffBox('minf', bmffBox('stbl', stco))),
    );
    const udta = bmffBox(
      'udta',
      ...(location ? [text('\u00a9xyz', ISO6709)] : []),
      text('\u00a9too', 'Lavf60.16.100'),
      be32(0),
    );
    const meta = bmffBox(
      'meta',
      fullBox('hdlr', 0, be32(0), Buffer.from('mdta', 'latin1'), Buffer.alloc(12), cString('')),
      fullBox('keys', 0, be32(keys.length), ...keys.map(keyEntry)),
      bmffBox('ilst', ...values.map((value, index) => bmffBox(be32(index + 1), data(value)))),
    );
    return bmffBox('moov', mvhd, trak, udta, meta);
  };
  const moovLength = build(0).length;
  const mdatPayload = ftyp.length + (moovFirst ? moovLength : 0) + 8;
  const moov = build(mdatPayload);
  const bytes = Buffer.concat(moovFirst ? [ftyp, moov, mdat] : [ftyp, mdat, moov]);
  const locationRanges: ByteRange[] = [];
  if (location) {
    const xyz = bytes.indexOf(ISO6709);
    locationRanges.push([xyz, xyz + ISO6709.length]);
    for (const value of values.slice(1)) {
      const at = bytes.indexOf(value, bytes.indexOf('ilst'));
      locationRanges.push([at, at + value.length]);
    }
  }
  return { bytes, locationRanges };
}
