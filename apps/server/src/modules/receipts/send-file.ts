import type { FastifyReply } from 'fastify';

/**
 * Answers a stored document as it was kept: its type and name, never cached; an e-mail only as a download
 * (a browser must not render a message it was sent), a PDF or a photo inline.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; filename: string; mime: string; kind: 'pdf' | 'photo' | 'email' },
) {
  const disposition = file.kind === 'email' ? 'attachment' : 'inline';
  return reply
    .type(file.mime)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
