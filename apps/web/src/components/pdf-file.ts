/** The spec's check on a chosen file: its type must be application/pdf (the server checks the bytes). */
export function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf';
}
