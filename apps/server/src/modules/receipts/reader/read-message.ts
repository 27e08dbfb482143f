import { type ReadEmail, readEmail } from '@warrantly/extract/email';

/**
 * A message as read for its fields; an order's keeps its RFC 822 bytes (`rfc822`), stored as the
 * purchase's proof. Other messages give nothing back to keep.
 */
export type ReadMessage = ReadEmail & { rfc822?: Uint8Array | null };

/**
 * Every document is read with the sketch memory needs, its keys left raw: the server hashes them under the
 * user's key and applies what the user's corrections taught (memory.service.ts), outside the reader.
 */
export const SKETCH_ONLY = { keyOf: (raw: string) => raw };

/** Reads an RFC 822 message as the mail sync does: its fields, its invoice and, for an order, itself. */
export async function readMessage(rfc822: Uint8Array): Promise<ReadMessage> {
  const read: ReadMessage = await readEmail(rfc822, SKETCH_ONLY);
  if (read.extraction.is_order) read.rfc822 = rfc822;
  return read;
}
