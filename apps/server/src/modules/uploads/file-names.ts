// File names of uploads (spec §5): a name is what the uploader called the file, never a path. Any
// directory part (Windows or POSIX, '../' included) is removed, control and bidirectional-override
// characters are dropped, and a name over 30 characters is shortened (first 20 + '…' + extension
// in lower case) by the domain's rule. The stored key never derives from the name (ADR 0009).
import { shortenFileName } from '@schirm/domain/validation/files';

// C0/C1 controls, DEL, and the bidirectional controls that can make 'gpj.exe' read as 'exe.jpg'.
// eslint-disable-next-line no-control-regex -- the point of this pattern
const UNWANTED = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The last path segment of `name` without controls, trimmed; 'datei' when nothing is left. */
export function baseFileName(name: string): string {
  const withoutControls = name.replace(UNWANTED, '');
  const segments = withoutControls.split(/[\\/]/);
  const last = (segments.at(-1) ?? '').trim();
  // Only dots (".", "..") or nothing: not a name.
  const cleaned = /^\.*$/.test(last) ? '' : last.replace(/^\.+/, '');
  return cleaned === '' ? 'datei' : cleaned;
}

/** The name an upload is shown and downloaded under. */
export function uploadFileName(name: string): string {
  return shortenFileName(baseFileName(name));
}

/**
 * The name with the extension of the detected type: a PDF sent as 'foto.jpg' is stored as
 * 'foto.pdf', so a download never claims another type than its content. Aliases stay ('.jpeg').
 */
export function withExtension(name: string, extensions: readonly string[]): string {
  const dot = name.lastIndexOf('.');
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : undefined;
  if (current !== undefined && extensions.includes(current)) return name;
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base}.${extensions[0]}`;
}
