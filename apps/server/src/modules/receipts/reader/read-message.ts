import { type ReadEmail, readEmail } from '@warrantly/extract/email';

/**
 * A message as read for its fields; an order's keeps its RFC 822 bytes (`rfc822`), stored as the
 * purchase's proof. Other messages give nothing back to keep.
 */
export type ReadMessage = ReadEmail & { rfc822?: Uint8Array | null };

/** Reads an RFC 822 message as the mail sync does: its fields, its invoice and, for an order, itself. */
export async function readMessage(rfc822: Uint8Array): Promise<ReadMessage> {
  const read: ReadMessage = await readEmail(rfc822);
  if (read.extraction.is_order) read.rfc822 = rfc822;
  return read;
}
