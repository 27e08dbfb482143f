import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers a stored document as it was kept: its type and name, never cached; an e-mail only as a download
 * (a browser must not render a message it was sent), a PDF or a photo inline. The content streams as it
 * is opened; a piece that fails its check further on aborts the response (the client sees a broken
 * download, never a short file that looks complete).
 */
export async function sendStoredFile(
  reply: FastifyReply,
  file: { content: AsyncIterable<Buffer>; filename: string; mime: string; kind: 'pdf' | 'photo' | 'email' },
) {
  const pieces = file.content[Symbol.asyncIterator]();
  // The first piece is opened before any header goes out, so a file that fails at once answers an error.
  const first = await pieces.next();
  const disposition = file.kind === 'email' ? 'attachment' : 'inline';
  return reply
    .type(file.mime)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(rest(first, pieces), { objectMode: false }));
}

async function* rest(first: IteratorResult<Buffer>, pieces: AsyncIterator<Buffer>): AsyncIterable<Buffer> {
  try {
    if (first.done) return;
    yield first.value;
    for (let next = await pieces.next(); !next.done; next = await pieces.next()) yield next.value;
  } finally {
    // A client gone midway stops the read of the stored file too.
    await pieces.return?.();
  }
}
