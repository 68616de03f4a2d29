// Removing the location from HEIF/HEIC photos while they stream (issue 14, ADR 0025). An iPhone
// writes EXIF (with the GPS IFD) as an item of the file-level 'meta' box: 'iinf' names the item
// (type 'Exif'; XMP is an item of type 'mime' with content type application/rdf+xml) and 'iloc'
// says where its bytes are — in the file, mostly inside 'mdat' after the meta box (construction
// method 0), or in the meta box's own 'idat' (method 1).
// - The meta box is held (at most MAX_HELD_BYTES) and parsed; the byte ranges of those items are
//   then held when they pass (one item, or a few overlapping ones, at a time; at most
//   MAX_HELD_BYTES) and changed in place: EXIF by clearTiffGps (the item starts with a 4-byte
//   big-endian offset to the TIFF header), an XMP packet naming a location overwritten with spaces
//   (XML white space, same length). The image data passes untouched and every offset stays valid.
// - Items before the meta box (it has passed already), in other files (data_reference_index ≠ 0),
//   built from other items (method 2) or "to the end of the file" (length 0) are left as they are,
//   as is a structure that cannot be parsed.
import { BoxLocationStripper, childBoxes, type BoxSpan } from './bmff-stream';
import { clearTiffGps, xmpHasLocation } from './gps';

interface Extent {
  offset: number;
  length: number;
}

interface ItemLocation {
  method: number;
  dataReference: number;
  extents: Extent[];
}

type ItemKind = 'exif' | 'xmp';

/** Reads big-endian unsigned fields of 0–6 or 8 bytes; throws past `end` (the caller leaves the box as it is). */
class FieldReader {
  constructor(
    private readonly buffer: Buffer,
    public at: number,
    private readonly end: number,
  ) {}

  uint(size: number): number {
    if (this.at + size > this.end) throw new RangeError('Field past the box');
    let value: number;
    if (size === 0) value = 0;
    else if (size <= 6) value = this.buffer.readUIntBE(this.at, size);
    else if (size === 8) {
      const large = this.buffer.readBigUInt64BE(this.at);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Offset too large');
      value = Number(large);
    } else throw new RangeError(`Field size ${size}`);
    this.at += size;
    return value;
  }

  string(): string {
    const nul = this.buffer.indexOf(0, this.at);
    const stop = nul === -1 || nul >= this.end ? this.end : nul;
    const value = this.buffer.toString('utf8', this.at, stop);
    this.at = Math.min(stop + 1, this.end);
    return value;
  }

  fourCC(): string {
    if (this.at + 4 > this.end) throw new RangeError('Field past the box');
    const value = this.buffer.toString('latin1', this.at, this.at + 4);
    this.at += 4;
    return value;
  }
}

/** The items of 'iinf' that may hold a location: EXIF and XMP. */
function locationItems(meta: Buffer, iinf: BoxSpan): Map<number, ItemKind> {
  const items = new Map<number, ItemKind>();
  const reader = new FieldReader(meta, iinf.payload, iinf.end);
  const version = reader.uint(1);
  reader.uint(3);
  reader.uint(version === 0 ? 2 : 4); // entry count: the infe boxes follow
  for (const infe of childBoxes(meta, reader.at, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const entry = new FieldReader(meta, infe.payload, infe.end);
    const infeVersion = entry.uint(1);
    entry.uint(3);
    // Versions 0 and 1 have no item type (no EXIF item as HEIF defines it).
    if (infeVersion < 2) continue;
    const id = entry.uint(infeVersion === 2 ? 2 : 4);
    const protection = entry.uint(2);
    const itemType = entry.fourCC();
    entry.string(); // item name
    if (protection !== 0) continue;
    if (itemType === 'Exif') items.set(id, 'exif');
    else if (itemType === 'mime' && /^application\/rdf\+xml\b/i.test(entry.string())) items.set(id, 'xmp');
  }
  return items;
}

/** Where the items of 'iloc' are (versions 0–2). */
function itemLocations(meta: Buffer, iloc: BoxSpan): Map<number, ItemLocation> {
  const locations = new Map<number, ItemLocation>();
  const reader = new FieldReader(meta, iloc.payload, iloc.end);
  const version = reader.uint(1);
  reader.uint(3);
  if (version > 2) throw new RangeError(`iloc version ${version}`);
  const sizes = reader.uint(1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0x0f;
  const moreSizes = reader.uint(1);
  const baseOffsetSize = moreSizes >> 4;
  const indexSize = version === 0 ? 0 : moreSizes & 0x0f;
  const count = reader.uint(version < 2 ? 2 : 4);
  for (let index = 0; index < count; index += 1) {
    const id = reader.uint(version < 2 ? 2 : 4);
    const method = version === 0 ? 0 : reader.uint(2) & 0x0f;
    const dataReference = reader.uint(2);
    const baseOffset = reader.uint(baseOffsetSize);
    const extentCount = reader.uint(2);
    const extents: Extent[] = [];
    for (let extent = 0; extent < extentCount; extent += 1) {
      reader.uint(indexSize);
      const offset = baseOffset + reader.uint(offsetSize);
      extents.push({ offset, length: reader.uint(lengthSize) });
    }
    locations.set(id, { method, dataReference, extents });
  }
  return locations;
}

/** Clears the GPS IFD of an EXIF item: a 4-byte offset, then (after that many bytes) the TIFF header. */
export function clearExifItemGps(item: Buffer): boolean {
  if (item.length < 4) return false;
  let tiff = 4 + item.readUInt32BE(0);
  // Some writers give offset 0 and still start with the JPEG-style 'Exif\0\0'.
  if (item.toString('latin1', tiff, tiff + 6) === 'Exif\0\0') tiff += 6;
  if (tiff >= item.length) return false;
  return clearTiffGps(item.subarray(tiff));
}

function processItem(kind: ItemKind, item: Buffer): boolean {
  if (kind === 'exif') return clearExifItemGps(item);
  if (!xmpHasLocation(item)) return false;
  item.fill(0x20);
  return true;
}

/**
 * Applies `processItem` to the bytes of an item whose extents lie in `bytes` (which begins at file
 * or idat position `origin`), writing the result back extent by extent.
 */
function changeItem(kind: ItemKind, extents: readonly Extent[], bytes: Buffer, origin: number): boolean {
  const item = Buffer.concat(
    extents.map(({ offset, length }) => bytes.subarray(offset - origin, offset - origin + length)),
  );
  if (!processItem(kind, item)) return false;
  let at = 0;
  for (const { offset, length } of extents) {
    item.copy(bytes, offset - origin, at, at + length);
    at += length;
  }
  return true;
}

interface PendingItem {
  kind: ItemKind;
  extents: Extent[];
  start: number;
  end: number;
}

export class HeifLocationStripper extends BoxLocationStripper {
  protected descend(): boolean {
    return false;
  }

  protected hold(path: readonly string[], type: string): boolean {
    return path.length === 0 && type === 'meta';
  }

  protected inspect(meta: Buffer, offset: number): boolean {
    // meta is a full box: its header, version and flags, then its children.
    const header = meta.readUInt32BE(0) === 1 ? 16 : 8;
    const children = childBoxes(meta, header + 4, meta.length);
    const iinf = children.find((box) => box.type === 'iinf');
    const iloc = children.find((box) => box.type === 'iloc');
    if (!iinf || !iloc) return false;
    const kinds = locationItems(meta, iinf);
    if (kinds.size === 0) return false;
    const locations = itemLocations(meta, iloc);
    const idat = children.find((box) => box.type === 'idat');
    const metaEnd = offset + meta.length;
    let removed = false;
    const later: PendingItem[] = [];
    for (const [id, kind] of kinds) {
      const location = locations.get(id);
      if (!location || location.dataReference !== 0 || location.extents.length === 0) continue;
      const { extents } = location;
      if (extents.some((extent) => extent.length === 0)) continue;
      const start = Math.min(...extents.map((extent) => extent.offset));
      const end = Math.max(...extents.map((extent) => extent.offset + extent.length));
      if (location.method === 1) {
        // Offsets into the idat box's data, which is inside the meta box held here.
        if (!idat || end > idat.end - idat.payload) continue;
        if (changeItem(kind, extents, meta, -idat.payload)) removed = true;
      } else if (location.method === 0) {
        if (start >= offset && end <= metaEnd) {
          if (changeItem(kind, extents, meta, offset)) removed = true;
        } else if (start >= metaEnd) {
          later.push({ kind, extents, start, end });
        }
      }
    }
    this.holdItems(later);
    return removed;
  }

  /** Holds the items after the meta box; overlapping ones as one range. */
  private holdItems(items: PendingItem[]): void {
    items.sort((a, b) => a.start - b.start);
    let group: PendingItem[] = [];
    let groupEnd = 0;
    const close = () => {
      const members = group;
      const first = members[0];
      if (!first) return;
      const start = first.start;
      this.holdRange({
        start,
        end: groupEnd,
        process: (bytes) =>
          members.reduce(
            (removed, item) => changeItem(item.kind, item.extents, bytes, start) || removed,
            false,
          ),
      });
    };
    for (const item of items) {
      if (group.length > 0 && item.start < groupEnd) {
        group.push(item);
        groupEnd = Math.max(groupEnd, item.end);
        continue;
      }
      close();
      group = [item];
      groupEnd = item.end;
    }
    close();
  }
}
