// A streaming walk over the boxes of an ISO base media file (HEIF/HEIC photos, MP4 and QuickTime
// videos) for the location strippers (issue 14, ADR 0025). Every byte leaves at the position it came
// in and nothing is inserted or left out: values are only overwritten in place, so every offset in
// the file (iloc, stco/co64 chunk offsets) stays valid.
// - The top-level boxes are read as they stream. A subclass names containers to walk into (their
//   header passes at once, e.g. moov, trak) and boxes to hold whole (meta, udta; at most
//   MAX_HELD_BYTES, a larger one passes unchanged) to look into before they pass. Everything else —
//   above all mdat, gigabytes — passes as it comes, never buffered.
// - A held box may name byte ranges further on in the file (HEIF: the Exif item inside mdat); those
//   ranges are held when their bytes come by (again at most MAX_HELD_BYTES) and changed in place.
// - A malformed structure (a size that does not fit, a box that cannot be parsed) passes unchanged
//   from there on, as the JPEG stripper does; nothing fails because of it.
import { Transform, type TransformCallback } from 'node:stream';

/** Largest box or item range held in memory to look into; a larger one passes unchanged. */
export const MAX_HELD_BYTES = 16 * 1024 * 1024;

const EMPTY = Buffer.alloc(0);

/** A range of the file [start, end) to hold and change in place when its bytes pass. */
export interface HeldRange {
  start: number;
  end: number;
  /** Changes the range's bytes in place; true when a location was removed. May throw: unchanged. */
  process(bytes: Buffer): boolean;
}

/** A box inside a buffer: its type and where it, its payload and its end are. */
export interface BoxSpan {
  type: string;
  start: number;
  payload: number;
  end: number;
}

/**
 * The child boxes of buffer[start, end). Stops at the first child that does not fit (a malformed or
 * padded rest, e.g. the 4 zero bytes QuickTime may end a udta with).
 */
export function childBoxes(buffer: Buffer, start: number, end: number): BoxSpan[] {
  const boxes: BoxSpan[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buffer.readUInt32BE(at);
    let payload = at + 8;
    if (size === 1) {
      if (at + 16 > end) break;
      const large = buffer.readBigUInt64BE(at + 8);
      if (large > BigInt(end - at)) break;
      size = Number(large);
      payload = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < payload - at || at + size > end) break;
    boxes.push({ type: buffer.toString('latin1', at + 4, at + 8), start: at, payload, end: at + size });
    at += size;
  }
  return boxes;
}

/** Overwrites buffer[start, end) with `fill`; true when a byte there was anything else. */
export function blank(buffer: Buffer, start: number, end: number, fill: number): boolean {
  let changed = false;
  for (let at = start; at < end; at += 1) {
    if (buffer[at] !== fill) {
      changed = true;
      break;
    }
  }
  if (changed) buffer.fill(fill, start, end);
  return changed;
}

interface Collecting {
  start: number;
  size: number;
  got: number;
  parts: Buffer[];
  path: string[];
}

interface Holding {
  range: HeldRange;
  got: number;
  parts: Buffer[];
}

export abstract class BoxLocationStripper extends Transform {
  removedLocation = false;

  // Input side: the box structure.
  /** Bytes of a box header not complete yet. */
  private pending: Buffer = EMPTY;
  /** File position of the next input byte (equal to the output position: lengths never change). */
  private inOffset = 0;
  /** Bytes of the current box still to pass unchanged. */
  private passing = 0;
  private collecting: Collecting | undefined;
  /** The containers walked into, innermost last, with the file position of their end. */
  private readonly containers: { type: string; end: number }[] = [];
  /** After a malformed structure: everything passes unchanged. */
  private passAll = false;

  // Output side: ranges held by position.
  private outOffset = 0;
  /** Sorted by start, not overlapping, none before outOffset. */
  private readonly ranges: HeldRange[] = [];
  private holding: Holding | undefined;

  /** Whether to walk into the container `type` inside `path` (the types of its parents). */
  protected abstract descend(path: readonly string[], type: string): boolean;
  /** Whether to hold the box `type` inside `path` whole and pass it to `inspect`. */
  protected abstract hold(path: readonly string[], type: string): boolean;
  /**
   * Changes a held box in place (`offset`: its position in the file) and may add ranges further on
   * with `holdRange`. True when a location was removed. May throw: the box then passes unchanged.
   */
  protected abstract inspect(box: Buffer, offset: number, path: readonly string[]): boolean;

  /** Holds [start, end) of the file when it passes; refused (false) when too large, passed or overlapping. */
  protected holdRange(range: HeldRange): boolean {
    if (range.end <= range.start || range.end - range.start > MAX_HELD_BYTES) return false;
    // The box being inspected has not passed yet: a range must start behind it.
    if (range.start < this.inOffset) return false;
    const index = this.ranges.findIndex((other) => other.start >= range.start);
    const before = index === -1 ? this.ranges.at(-1) : this.ranges[index - 1];
    const after = index === -1 ? undefined : this.ranges[index];
    if ((before && before.end > range.start) || (after && after.start < range.end)) return false;
    this.ranges.splice(index === -1 ? this.ranges.length : index, 0, range);
    return true;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.consume(chunk);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    // A file that ends inside a held box or range: what came passes unchanged.
    const collecting = this.collecting;
    this.collecting = undefined;
    if (collecting) this.sendAll(collecting.parts);
    if (this.pending.length > 0) this.send(this.pending);
    this.pending = EMPTY;
    const holding = this.holding;
    this.holding = undefined;
    if (holding) for (const part of holding.parts) this.push(part);
    callback();
  }

  private consume(chunk: Buffer): void {
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = EMPTY;
    let at = 0;
    while (at < data.length) {
      if (this.passAll) {
        this.send(data.subarray(at));
        at = data.length;
        break;
      }
      if (this.passing > 0) {
        const take = Math.min(this.passing, data.length - at);
        this.send(data.subarray(at, at + take));
        this.passing -= take;
        this.inOffset += take;
        at += take;
        continue;
      }
      const collecting = this.collecting;
      if (collecting) {
        const take = Math.min(collecting.size - collecting.got, data.length - at);
        collecting.parts.push(data.subarray(at, at + take));
        collecting.got += take;
        this.inOffset += take;
        at += take;
        if (collecting.got === collecting.size) {
          this.collecting = undefined;
          this.finishBox(collecting);
        }
        continue;
      }
      const read = this.readHeader(data, at);
      if (read === undefined) break;
      at = read;
    }
    if (at < data.length) this.pending = Buffer.from(data.subarray(at));
  }

  /** Reads the box header at `at`; returns where to go on, undefined when more bytes are needed. */
  private readHeader(data: Buffer, at: number): number | undefined {
    while (this.containers.length > 0 && (this.containers.at(-1)?.end ?? 0) <= this.inOffset) {
      this.containers.pop();
    }
    const parentEnd = this.containers.at(-1)?.end ?? Number.POSITIVE_INFINITY;
    if (parentEnd - this.inOffset < 8) {
      // Padding at the end of a container (too short for a box): passes.
      this.passing = parentEnd - this.inOffset;
      return at;
    }
    if (data.length - at < 8) return undefined;
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let headerSize = 8;
    if (size === 1) {
      if (data.length - at < 16) return undefined;
      const large = data.readBigUInt64BE(at + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) {
        this.passAll = true;
        return at;
      }
      size = Number(large);
      headerSize = 16;
    } else if (size === 0) {
      // The box runs to the end of the file (or, malformed, of its container): nothing to look into.
      if (this.containers.length === 0) this.passAll = true;
      else this.passing = parentEnd - this.inOffset;
      return at;
    }
    if (size < headerSize || this.inOffset + size > parentEnd) {
      this.passAll = true;
      return at;
    }
    const path = this.containers.map((container) => container.type);
    if (this.descend(path, type)) {
      this.send(data.subarray(at, at + headerSize));
      this.containers.push({ type, end: this.inOffset + size });
      this.inOffset += headerSize;
      return at + headerSize;
    }
    if (size <= MAX_HELD_BYTES && this.hold(path, type)) {
      this.collecting = { start: this.inOffset, size, got: 0, parts: [], path };
      return at;
    }
    this.passing = size;
    return at;
  }

  private finishBox({ start, parts, path }: Collecting): void {
    const box = Buffer.concat(parts);
    const ranges = [...this.ranges];
    try {
      if (this.inspect(box, start, path)) this.removedLocation = true;
      this.send(box);
    } catch {
      // Malformed inside: the box passes as it came, without the ranges it named.
      this.ranges.splice(0, this.ranges.length, ...ranges);
      this.sendAll(parts);
    }
  }

  private sendAll(parts: readonly Buffer[]): void {
    for (const part of parts) this.send(part);
  }

  /** Passes output bytes, holding those of a named range until it is complete. */
  private send(bytes: Buffer): void {
    let at = 0;
    while (at < bytes.length) {
      const holding = this.holding;
      if (holding) {
        const size = holding.range.end - holding.range.start;
        const take = Math.min(size - holding.got, bytes.length - at);
        holding.parts.push(bytes.subarray(at, at + take));
        holding.got += take;
        this.outOffset += take;
        at += take;
        if (holding.got === size) {
          this.holding = undefined;
          this.finishRange(holding);
        }
        continue;
      }
      const next = this.ranges[0];
      const end = this.outOffset + (bytes.length - at);
      if (!next || next.start >= end) {
        this.push(bytes.subarray(at));
        this.outOffset = end;
        return;
      }
      const before = next.start - this.outOffset;
      if (before > 0) {
        this.push(bytes.subarray(at, at + before));
        this.outOffset += before;
        at += before;
      }
      this.ranges.shift();
      this.holding = { range: next, got: 0, parts: [] };
    }
  }

  private finishRange({ range, parts }: Holding): void {
    const bytes = Buffer.concat(parts);
    try {
      if (range.process(bytes)) this.removedLocation = true;
      this.push(bytes);
    } catch {
      for (const part of parts) this.push(part);
    }
  }
}
