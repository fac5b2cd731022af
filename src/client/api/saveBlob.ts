/**
 * Hands a file the browser already holds (a fetched PDF, zip or xlsx, a recording) to its
 * download under `fileName`: one temporary object URL, revoked once the download has started.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
