// HEIF/HEIC photos lose their location while they stream (issue 14, ADR 0025): the EXIF item's
// GPS IFD is cleared and an XMP item naming a location blanked, in place, wherever the item lies
// (mdat, idat, in two extents), whatever the chunks; everything else passes byte for byte.
import { describe, expect, it } from 'vitest';
import { fileTypeFromBuffer } from 'file-type';
import { heic, holdsLatitude, type HeicOptions } from './fixtures.test-helper';
import { HeifLocationStripper } from './heif-location';
import { changedOutside, CHUNK_SIZES, feed } from './location-test-kit.test-helper';

const LAYOUTS: { name: string; options: Omit<HeicOptions, 'gps'> }[] = [
  { name: 'EXIF in mdat (iPhone)', options: {} },
  { name: 'EXIF in idat', options: { exifIn: 'idat' } },
  { name: 'EXIF in two extents around the image data', options: { splitExif: true } },
  { name: 'EXIF and XMP, image data of 10,000 bytes', options: { xmp: true, imageBytes: 10_000 } },
];

describe('HeifLocationStripper', () => {
  it('builds fixtures the upload check takes for HEIC', async () => {
    expect((await fileTypeFromBuffer(heic({ gps: true }).bytes))?.mime).toBe('image/heic');
  });

  for (const { name, options } of LAYOUTS) {
    for (const chunkSize of CHUNK_SIZES) {
      it(`removes the location (${name}) in chunks of ${chunkSize} bytes and changes nothing else`, async () => {
        const { bytes, locationRanges } = heic({ gps: true, ...options });
        expect(holdsLatitude(bytes)).toBe(true);
        const stripper = new HeifLocationStripper();
        const output = await feed(stripper, bytes, chunkSize);
        expect(stripper.removedLocation).toBe(true);
        expect(output.length).toBe(bytes.length);
        expect(holdsLatitude(output)).toBe(false);
        expect(output.includes('GPSLatitude')).toBe(false);
        expect(changedOutside(bytes, output, locationRanges)).toEqual([]);
        // The orientation stays (IFD0 is untouched): tag 0x0112, SHORT, 1, value 6.
        expect(output.includes(Buffer.from([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6]))).toBe(true);
        if (options.xmp) {
          const [start, end] = locationRanges.at(-1) ?? [0, 0];
          expect(output.subarray(start, end).every((byte) => byte === 0x20)).toBe(true);
        }
      });

      it(`passes a photo without location unchanged (${name}, chunks of ${chunkSize})`, async () => {
        const { bytes } = heic({ gps: false, ...options });
        const stripper = new HeifLocationStripper();
        const output = await feed(stripper, bytes, chunkSize);
        expect(output.equals(bytes)).toBe(true);
        expect(stripper.removedLocation).toBe(false);
      });
    }
  }

  it('passes a malformed file unchanged: an iloc that does not fit, a truncated meta box', async () => {
    const { bytes } = heic({ gps: true });
    const brokenIloc = Buffer.from(bytes);
    const iloc = brokenIloc.indexOf('iloc');
    brokenIloc.writeUInt16BE(200, iloc + 4 + 4 + 2); // item count far beyond the box
    const truncated = bytes.subarray(0, bytes.indexOf('iinf') + 20);
    for (const input of [brokenIloc, truncated]) {
      for (const chunkSize of CHUNK_SIZES) {
        const stripper = new HeifLocationStripper();
        expect((await feed(stripper, input, chunkSize)).equals(input)).toBe(true);
        expect(stripper.removedLocation).toBe(false);
      }
    }
  });

  it('still clears the EXIF item when the mdat box around it claims more bytes than the file has', async () => {
    // The walk over the boxes gives up at the oversized mdat; the item found in meta is still held.
    const { bytes } = heic({ gps: true });
    const oversized = Buffer.from(bytes);
    oversized.writeUInt32BE(bytes.length * 2, bytes.indexOf('mdat') - 4);
    const stripper = new HeifLocationStripper();
    const output = await feed(stripper, oversized, 4096);
    expect(holdsLatitude(output)).toBe(false);
    expect(stripper.removedLocation).toBe(true);
    expect(output.length).toBe(oversized.length);
  });
});
