// Removing the location from MP4 and QuickTime videos while they stream (issue 14, ADR 0025).
// Phones write where a video was taken into the movie box:
// - moov/udta '©xyz': an ISO 6709 string such as '+52.5200+013.4050/' (Android, older iPhones), as
//   QuickTime text (16-bit length, 16-bit language, the string) or as an iTunes-style 'data' box;
// - moov/meta (Apple, handler 'mdta'): 'keys' names 'com.apple.quicktime.location.ISO6709' and the
//   other 'com.apple.quicktime.location.*' keys (name, accuracy, …), 'ilst' holds their values in
//   'data' boxes; likewise '©xyz' in an iTunes-style udta/meta/ilst;
// - udta 'loci' (3GPP location box) and an XMP packet in udta 'XMP_' naming a location.
// The same boxes are looked at in each moov/trak.
// The values are overwritten in place with the same number of zero bytes (the XMP packet with
// spaces, XML white space): a zero-filled string reads as empty (readers stop at the first NUL)
// where spaces would read as a malformed location some players still show; the boxes, their sizes
// and every chunk offset stay as they are, so nothing in the file moves.
// moov is walked into as it streams (mvhd and the sample tables in trak pass, they can be large);
// only udta and meta are held (at most MAX_HELD_BYTES). moov may come before or after mdat; mdat
// always passes as it comes.
import { blank, BoxLocationStripper, childBoxes, type BoxSpan } from './bmff-stream';
import { xmpHasLocation } from './gps';

const LOCATION_KEY_PREFIX = 'com.apple.quicktime.location.';
/** '©xyz' as it is in the file (0xA9 'xyz'), read as latin1. */
const XYZ = '\u00a9xyz';

/** Zeroes the values of the 'data' boxes inside `box` (after type indicator and locale). */
function clearDataValues(buffer: Buffer, box: BoxSpan): boolean {
  let removed = false;
  for (const data of childBoxes(buffer, box.payload, box.end)) {
    if (data.type === 'data' && data.payload + 8 <= data.end) {
      if (blank(buffer, data.payload + 8, data.end, 0)) removed = true;
    }
  }
  return removed;
}

/** A '©xyz' box: 'data' boxes, or QuickTime text entries (length, language, string) to its end. */
function clearLocationText(buffer: Buffer, box: BoxSpan): boolean {
  if (buffer.toString('latin1', box.payload + 4, box.payload + 8) === 'data') {
    return clearDataValues(buffer, box);
  }
  let removed = false;
  let at = box.payload;
  while (at + 4 <= box.end) {
    const length = buffer.readUInt16BE(at);
    if (blank(buffer, at + 4, Math.min(at + 4 + length, box.end), 0)) removed = true;
    at += 4 + length;
  }
  return removed;
}

/** The key names of a 'keys' box, by their index (1-based, as 'ilst' names them). */
function metadataKeys(buffer: Buffer, keys: BoxSpan): string[] {
  const names: string[] = [];
  if (keys.payload + 8 > keys.end) return names;
  const count = buffer.readUInt32BE(keys.payload + 4);
  let at = keys.payload + 8;
  for (let index = 0; index < count && at + 8 <= keys.end; index += 1) {
    const size = buffer.readUInt32BE(at);
    if (size < 8 || at + size > keys.end) break;
    names.push(buffer.toString('latin1', at + 8, at + size));
    at += size;
  }
  return names;
}

/** A 'meta' box: QuickTime (children right after the header) or ISO (a full box). */
function clearMetadata(buffer: Buffer, meta: BoxSpan): boolean {
  const quickTime = buffer.toString('latin1', meta.payload + 4, meta.payload + 8) === 'hdlr';
  const children = childBoxes(buffer, meta.payload + (quickTime ? 0 : 4), meta.end);
  const keysBox = children.find((child) => child.type === 'keys');
  const keys = keysBox ? metadataKeys(buffer, keysBox) : [];
  let removed = false;
  for (const ilst of children) {
    if (ilst.type !== 'ilst') continue;
    for (const item of childBoxes(buffer, ilst.payload, ilst.end)) {
      const key = keys[buffer.readUInt32BE(item.start + 4) - 1];
      const location = item.type === XYZ || (key?.startsWith(LOCATION_KEY_PREFIX) ?? false);
      if (location && clearDataValues(buffer, item)) removed = true;
    }
  }
  return removed;
}

function clearUserData(buffer: Buffer, udta: BoxSpan): boolean {
  let removed = false;
  for (const child of childBoxes(buffer, udta.payload, udta.end)) {
    let cleared = false;
    if (child.type === XYZ) cleared = clearLocationText(buffer, child);
    // loci is a full box: after version and flags, language, name, role, coordinates, body, notes.
    else if (child.type === 'loci') cleared = blank(buffer, child.payload + 4, child.end, 0);
    else if (child.type === 'meta') cleared = clearMetadata(buffer, child);
    else if (child.type === 'XMP_' && xmpHasLocation(buffer.subarray(child.payload, child.end))) {
      cleared = blank(buffer, child.payload, child.end, 0x20);
    }
    if (cleared) removed = true;
  }
  return removed;
}

/** Removes the location of an MP4 or QuickTime video as it streams. */
export class VideoLocationStripper extends BoxLocationStripper {
  protected descend(path: readonly string[], type: string): boolean {
    if (path.length === 0) return type === 'moov';
    return path.length === 1 && type === 'trak';
  }

  protected hold(path: readonly string[], type: string): boolean {
    return path[0] === 'moov' && (type === 'udta' || type === 'meta');
  }

  protected inspect(box: Buffer): boolean {
    const [self] = childBoxes(box, 0, box.length);
    if (!self) return false;
    return self.type === 'udta' ? clearUserData(box, self) : clearMetadata(box, self);
  }
}
