/** Hands bytes to the browser as a download under `filename`, as they are. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
