import type { FastifyInstance } from 'fastify';
import { accountOf, mailboxOf, type SandboxContext } from './context';
import { parseGmailQuery } from './gmail-query';
import { googleUser } from './google-identity';
import { newestFirst } from './mailbox';
import type { StoredMessage } from './state';

function gmailError(code: number, message: string, status: string) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason: status === 'NOT_FOUND' ? 'notFound' : 'invalid' }],
      status,
    },
  };
}

/** The `payload` tree of format=full: headers and base64url bodies of each MIME part. */
function payloadOf(message: StoredMessage) {
  const text = message.raw.toString('latin1');
  const split = text.search(/\r?\n\r?\n/);
  const head = (split === -1 ? text : text.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = head.split(/\r?\n/).flatMap((line) => {
    const colon = line.indexOf(':');
    return colon > 0 ? [{ name: line.slice(0, colon), value: line.slice(colon + 1).trim() }] : [];
  });
  const body = split === -1 ? '' : text.slice(split).replace(/^\r?\n\r?\n/, '');
  const mimeType = /content-type:\s*([^;\s]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
  return {
    partId: '',
    mimeType,
    filename: '',
    headers,
    body: {
      size: Buffer.byteLength(body, 'latin1'),
      data: Buffer.from(body, 'latin1').toString('base64url'),
    },
  };
}

export function registerGmail(app: FastifyInstance, ctx: SandboxContext): void {
  const base = '/google/gmail/v1/users/:userId';

  app.get<{ Params: { userId: string } }>(`${base}/profile`, async (req, reply) => {
    const email = googleUser(ctx, req, reply);
    if (!email) return reply;
    const mailbox = mailboxOf(ctx, email);
    return {
      emailAddress: accountOf(ctx, 'google', email)?.email ?? email,
      messagesTotal: mailbox.messages.length,
      threadsTotal: mailbox.messages.length,
      historyId: String(mailbox.historyId),
    };
  });

  app.get<{
    Params: { userId: string };
    Querystring: {
      q?: string;
      maxResults?: string;
      pageToken?: string;
      labelIds?: string | string[];
      includeSpamTrash?: string;
    };
  }>(`${base}/messages`, async (req, reply) => {
    const email = googleUser(ctx, req, reply);
    if (!email) return reply;
    const max = Math.min(Math.max(Number(req.query.maxResults ?? 100) || 100, 1), 500);
    const offset = req.query.pageToken ? Number(Buffer.from(req.query.pageToken, 'base64url').toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0)
      return reply.code(400).send(gmailError(400, 'Invalid pageToken', 'INVALID_ARGUMENT'));
    const matcher = req.query.q ? parseGmailQuery(req.query.q) : () => true;
    const labels = [req.query.labelIds ?? []].flat();
    const now = ctx.now();
    const hits = newestFirst(mailboxOf(ctx, email).messages).filter(
      (m) =>
        (req.query.includeSpamTrash === 'true' ||
          (!m.labelIds.includes('SPAM') && !m.labelIds.includes('TRASH'))) &&
        labels.every((l) => m.labelIds.includes(l)) &&
        matcher(m, now),
    );
    const page = hits.slice(offset, offset + max);
    const next =
      offset + max < hits.length ? Buffer.from(String(offset + max)).toString('base64url') : undefined;
    return {
      ...(page.length > 0 ? { messages: page.map((m) => ({ id: m.id, threadId: m.threadId })) } : {}),
      ...(next ? { nextPageToken: next } : {}),
      resultSizeEstimate: hits.length,
    };
  });

  app.get<{ Params: { userId: string; id: string }; Querystring: { format?: string } }>(
    `${base}/messages/:id`,
    async (req, reply) => {
      const email = googleUser(ctx, req, reply);
      if (!email) return reply;
      const message = mailboxOf(ctx, email).byId.get(req.params.id);
      if (!message)
        return reply.code(404).send(gmailError(404, 'Requested entity was not found.', 'NOT_FOUND'));
      const format = req.query.format ?? 'full';
      const common = {
        id: message.id,
        threadId: message.threadId,
        labelIds: message.labelIds,
        snippet: message.subject.slice(0, 200),
        historyId: String(message.historyId),
        internalDate: String(message.internalDate),
        sizeEstimate: message.raw.length,
      };
      if (format === 'raw') return { ...common, raw: message.raw.toString('base64url') };
      if (format === 'minimal') return common;
      const payload = payloadOf(message);
      if (format === 'metadata')
        return { ...common, payload: { ...payload, body: { size: payload.body.size } } };
      return { ...common, payload };
    },
  );

  app.get<{
    Params: { userId: string };
    Querystring: { startHistoryId?: string; pageToken?: string; maxResults?: string; labelId?: string };
  }>(`${base}/history`, async (req, reply) => {
    const email = googleUser(ctx, req, reply);
    if (!email) return reply;
    const mailbox = mailboxOf(ctx, email);
    const start = Number(req.query.startHistoryId);
    if (!Number.isFinite(start))
      return reply.code(400).send(gmailError(400, 'Invalid startHistoryId', 'INVALID_ARGUMENT'));
    if (start < mailbox.oldestHistoryId)
      return reply.code(404).send(gmailError(404, 'Requested entity was not found.', 'NOT_FOUND'));
    const max = Math.min(Number(req.query.maxResults ?? 100) || 100, 500);
    const offset = req.query.pageToken ? Number(Buffer.from(req.query.pageToken, 'base64url').toString()) : 0;
    const added = mailbox.messages
      .filter((m) => m.historyId > start && (!req.query.labelId || m.labelIds.includes(req.query.labelId)))
      .sort((a, b) => a.historyId - b.historyId);
    const page = added.slice(offset, offset + max);
    const next =
      offset + max < added.length ? Buffer.from(String(offset + max)).toString('base64url') : undefined;
    return {
      ...(page.length > 0
        ? {
            history: page.map((m) => ({
              id: String(m.historyId),
              messages: [{ id: m.id, threadId: m.threadId }],
              messagesAdded: [{ message: { id: m.id, threadId: m.threadId, labelIds: m.labelIds } }],
            })),
          }
        : {}),
      ...(next ? { nextPageToken: next } : {}),
      historyId: String(mailbox.historyId),
    };
  });
}
