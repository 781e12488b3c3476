/**
 * Files the portal hands to the browser: a download that needs the bearer token is fetched
 * through the SDK as a blob (a plain link could not send the token) and saved from here.
 */

/**
 * The file name in a `Content-Disposition` header when it is the one the contract promises
 * (`pattern`'s first group, so nothing else the server sends becomes a file name), else `fallback`.
 */
export function attachmentName(
  contentDisposition: string | null,
  pattern: RegExp,
  fallback: string,
): string {
  const match = contentDisposition === null ? null : pattern.exec(contentDisposition);
  return match?.[1] ?? fallback;
}

/** Hands a blob to the browser as a downloaded file. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
