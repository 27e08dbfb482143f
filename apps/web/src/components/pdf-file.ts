import { showResult } from './alerts';

/** The spec's check on a chosen file: its type must be application/pdf (the server checks the bytes). */
export function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf';
}

/** The spec's refusal of anything but a PDF. */
export function showInvalidFile(): Promise<void> {
  return showResult('error', 'Invalid File', 'Please select a valid PDF file.');
}
