/**
 * Saves data the app already holds (e.g. a file fetched with the bearer token) as a download with
 * the given file name. A plain link cannot do this for authenticated files: the browser would not
 * send the token. The object URL is released once the browser has taken the file.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
