// MP4 and QuickTime videos lose their location while they stream (issue 14, ADR 0025): the
// ISO 6709 string of moov/udta '©xyz' and the values of Apple's 'com.apple.quicktime.location.*'
// keys are zeroed in place, with moov before or after mdat, whatever the chunks; everything else
// (sample tables, chunk offsets, the media data, other metadata) passes byte for byte, and mdat
// streams through without being held.
import { describe, expect, it } from 'vitest';
import { fileTypeFromBuffer } from 'file-type';
import { holdsVideoLocation, video, type VideoOptions } from './fixtures.test-helper';
import { changedOutside, CHUNK_SIZES, feed } from './location-test-kit.test-helper';
import { VideoLocationStripper } from './video-location';

const LAYOUTS: { name: string; options: Omit<VideoOptions, 'location'> }[] = [
  { name: 'QuickTime, moov first', options: { brand: 'qt  ', moovFirst: true } },
  { name: 'QuickTime, moov after mdat', options: { brand: 'qt  ', moovFirst: false } },
  {
    name: 'MP4, moov after 10,000 bytes of mdat',
    options: { brand: 'isom', moovFirst: false, mdatBytes: 10_000 },
  },
];

describe('VideoLocationStripper', () => {
  it('builds fixtures the upload check takes for QuickTime and MP4', async () => {
    expect((await fileTypeFromBuffer(video({ location: true }).bytes))?.mime).toBe('video/quicktime');
    expect((await fileTypeFromBuffer(video({ location: true, brand: 'isom' }).bytes))?.mime).toBe(
      'video/mp4',
    );
  });

  for (const { name, options } of LAYOUTS) {
    for (const chunkSize of CHUNK_SIZES) {
      it(`removes the location (${name}) in chunks of ${chunkSize} bytes and changes nothing else`, async () => {
        const { bytes, locationRanges } = video({ location: true, ...options });
        expect(holdsVideoLocation(bytes)).toBe(true);
        const stripper = new VideoLocationStripper();
        const output = await feed(stripper, bytes, chunkSize);
        expect(stripper.removedLocation).toBe(true);
        expect(output.length).toBe(bytes.length);
        expect(holdsVideoLocation(output)).toBe(false);
        expect(output.includes('14.2')).toBe(false);
        expect(changedOutside(bytes, output, locationRanges)).toEqual([]);
        for (const [start, end] of locationRanges) {
          expect(output.subarray(start, end).every((byte) => byte === 0)).toBe(true);
        }
        // The other metadata stays: the make and the encoder.
        expect(output.includes('Apple')).toBe(true);
        expect(output.includes('Lavf60.16.100')).toBe(true);
      });

      it(`passes a video without location unchanged (${name}, chunks of ${chunkSize})`, async () => {
        const { bytes } = video({ location: false, ...options });
        const stripper = new VideoLocationStripper();
        expect((await feed(stripper, bytes, chunkSize)).equals(bytes)).toBe(true);
        expect(stripper.removedLocation).toBe(false);
      });
    }
  }

  it('passes mdat on as it comes, before the rest of the file has arrived', () => {
    const { bytes } = video({ location: true, moovFirst: false, mdatBytes: 1_000_000 });
    const stripper = new VideoLocationStripper();
    const half = bytes.indexOf('mdat') + 500_000;
    stripper.write(bytes.subarray(0, half));
    expect((stripper.read() as Buffer | null)?.length).toBe(half);
    stripper.destroy();
  });

  it('passes a malformed file unchanged: a box larger than its container, a file ending inside udta', async () => {
    const { bytes } = video({ location: true });
    const broken = Buffer.from(bytes);
    broken.writeUInt32BE(0xfffff, broken.indexOf('udta') - 4);
    const truncated = bytes.subarray(0, bytes.indexOf('udta') + 20); // inside '©xyz'
    for (const input of [broken, truncated]) {
      for (const chunkSize of CHUNK_SIZES) {
        const stripper = new VideoLocationStripper();
        expect((await feed(stripper, input, chunkSize)).equals(input)).toBe(true);
        expect(stripper.removedLocation).toBe(false);
      }
    }
  });
});
