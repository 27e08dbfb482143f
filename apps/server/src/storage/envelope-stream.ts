import { ChunkOpener, ChunkSealer, type EncryptionKeys, isChunked, open } from './envelope';

/**
 * Seals a file as it is read, in the chunked layout: holds at most one chunk of plaintext and the read
 * buffer it came in, whatever the file's size.
 */
export async function* sealStream(
  plain: AsyncIterable<Uint8Array>,
  keys: EncryptionKeys,
  context: string,
): AsyncIterable<Buffer> {
  const sealer = new ChunkSealer(keys, context);
  yield sealer.header;
  for await (const piece of plain) yield* sealer.push(asBuffer(piece));
  yield sealer.end();
}

/**
 * Opens a sealed file as it is read. A chunk's plaintext is given out only once its tag verified; a file cut
 * short, a changed byte or bytes after the last chunk throw the integrity error, so a reader must treat
 * the bytes it had until then as unusable (a response is aborted, not completed). The whole layouts (WLY2,
 * WLY1) have one tag over the file: they are read whole, then opened.
 */
export async function* openStream(
  sealed: AsyncIterable<Uint8Array>,
  keys: EncryptionKeys,
  context: string,
): AsyncIterable<Buffer> {
  let opener: ChunkOpener | null = null;
  // Until the magic is known (4 bytes), and for the whole layouts, everything read.
  const held: Buffer[] = [];
  let heldLength = 0;
  let whole = false;
  for await (const piece of sealed) {
    const bytes = asBuffer(piece);
    if (opener) {
      yield* opener.push(bytes);
      continue;
    }
    held.push(bytes);
    heldLength += bytes.length;
    if (whole || heldLength < 4) continue;
    const start = Buffer.concat(held.splice(0));
    if (isChunked(start)) {
      opener = new ChunkOpener(keys, context);
      yield* opener.push(start);
    } else {
      held.push(start);
      whole = true;
    }
  }
  if (opener) {
    opener.end();
    return;
  }
  const plain = open(Buffer.concat(held), keys, context);
  if (plain.length > 0) yield plain;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
