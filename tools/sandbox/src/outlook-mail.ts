import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mailboxOf, type SandboxContext } from './context';
import { graphError, ME, notFound, skipPage } from './graph-api';
import { newestFirst, readHeaders } from './mailbox';
import { microsoftUser } from './microsoft-identity';
import type { StoredMessage } from './state';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function address(value: string) {
  // 'Name <address>' read by position (a pattern with optional quotes around the name backtracks).
  const open = value.indexOf('<');
  const close = value.indexOf('>', open + 1);
  if (open === -1 || close <= open + 1)
    return { emailAddress: { name: value.trim(), address: value.trim() } };
  const name = value.slice(0, open).trim().replace(/^"/, '').replace(/"$/, '');
  return { emailAddress: { name: name.trim(), address: value.slice(open + 1, close).trim() } };
}

/** A message resource in Graph's shape, trimmed to `$select` when given. */
function messageResource(m: StoredMessage, select: string | undefined) {
  const headers = readHeaders(m.raw);
  const full: Record<string, unknown> = {
    '@odata.etag': `W/"${m.changeSeq}"`,
    id: m.id,
    createdDateTime: iso(m.internalDate),
    lastModifiedDateTime: iso(m.internalDate),
    receivedDateTime: iso(m.internalDate),
    sentDateTime: iso(m.internalDate),
    hasAttachments: /content-disposition:\s*attachment/i.test(m.haystack),
    internetMessageId: headers.get('message-id') ?? `<${m.id}@sandbox>`,
    subject: m.subject,
    bodyPreview: m.subject.slice(0, 255),
    importance: 'normal',
    parentFolderId: 'AQMkADAwATM0MDAAMS1inbox',
    conversationId: m.threadId,
    isRead: false,
    isDraft: false,
    webLink: `https://outlook.live.com/owa/?ItemID=${encodeURIComponent(m.id)}`,
    from: address(m.from),
    sender: address(m.from),
    toRecipients: headers.get('to') ? [address(headers.get('to') as string)] : [],
  };
  if (!select) return full;
  const keep = new Set(['id', '@odata.etag', ...select.split(',').map((s) => s.trim())]);
  return Object.fromEntries(Object.entries(full).filter(([k]) => keep.has(k)));
}

/** `receivedDateTime ge 2024-01-01T00:00:00Z` and `contains(subject,'order')`, joined by `and`. */
function messageFilter(filter: string | undefined): (m: StoredMessage) => boolean {
  if (!filter) return () => true;
  const checks: ((m: StoredMessage) => boolean)[] = [];
  for (const part of filter.split(/\sand\s/i).map((p) => p.trim())) {
    const date = /receivedDateTime\s+(ge|gt|le|lt)\s+(\S+)/i.exec(part);
    const contains = /contains\(\s*subject\s*,\s*'([^']*)'\s*\)/i.exec(part);
    if (date) {
      const at = Date.parse(date[2] as string);
      const op = (date[1] as string).toLowerCase();
      checks.push((m) =>
        op === 'ge'
          ? m.internalDate >= at
          : op === 'gt'
            ? m.internalDate > at
            : op === 'le'
              ? m.internalDate <= at
              : m.internalDate < at,
      );
    } else if (contains) {
      const word = (contains[1] as string).toLowerCase();
      checks.push((m) => m.subject.toLowerCase().includes(word));
    } else {
      throw new Error(`Invalid filter clause: ${part}`);
    }
  }
  return (m) => checks.every((c) => c(m));
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = <T>(value: string): T => JSON.parse(Buffer.from(value, 'base64url').toString()) as T;

/** `Prefer: odata.maxpagesize=N` as Graph reads it: at most 1,000, `fallback` without one. */
function pageSize(req: FastifyRequest, fallback: number): number {
  const prefer = /odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ''));
  return Math.min(Number(prefer?.[1] ?? fallback) || fallback, 1000);
}

/** Outlook mail through Microsoft Graph: list and search, one message, its MIME source, and delta sync. */
export function registerOutlookMail(app: FastifyInstance, ctx: SandboxContext): void {
  /** The signed-in user's message the route names, or null once the 401 or 404 is answered. */
  const messageOf = (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const email = microsoftUser(ctx, req, reply);
    if (!email) return null;
    const m = mailboxOf(ctx, email).byId.get(req.params.id);
    if (!m) void notFound(reply);
    return m ?? null;
  };

  app.get<{ Querystring: Record<string, string> }>(`${ME}/messages`, async (req, reply) => {
    const email = microsoftUser(ctx, req, reply);
    if (!email) return reply;
    let filter: (m: StoredMessage) => boolean;
    try {
      filter = messageFilter(req.query.$filter);
    } catch (e) {
      return reply.code(400).send(graphError('BadRequest', (e as Error).message));
    }
    const search = req.query.$search?.replace(/^"|"$/g, '').toLowerCase();
    const hits = newestFirst(mailboxOf(ctx, email).messages).filter(
      (m) => filter(m) && (!search || m.haystack.includes(search)),
    );
    return skipPage(
      ctx,
      `${ME}/messages`,
      req.query,
      "https://graph.microsoft.com/v1.0/$metadata#users('me')/messages",
      hits,
      (m) => messageResource(m, req.query.$select),
    );
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    `${ME}/messages/:id`,
    async (req, reply) => {
      const m = messageOf(req, reply);
      return m ? messageResource(m, req.query.$select) : reply;
    },
  );

  app.get<{ Params: { id: string } }>(`${ME}/messages/:id/$value`, async (req, reply) => {
    const m = messageOf(req, reply);
    return m ? reply.type('text/plain').send(m.raw) : reply;
  });

  /** Delta over a folder: pages by $skiptoken, then a $deltatoken that returns only later changes. */
  app.get<{ Params: { folder: string }; Querystring: Record<string, string> }>(
    `${ME}/mailFolders/:folder/messages/delta`,
    async (req, reply) => {
      const email = microsoftUser(ctx, req, reply);
      if (!email) return reply;
      const mailbox = mailboxOf(ctx, email);
      type Token = { after: number; upTo: number; offset: number; filter?: string; select?: string };
      let token: Token;
      try {
        if (req.query.$skiptoken) token = decode<Token>(req.query.$skiptoken);
        else if (req.query.$deltatoken)
          token = { ...decode<Token>(req.query.$deltatoken), offset: 0, upTo: mailbox.changeSeq };
        else {
          messageFilter(req.query.$filter);
          token = {
            after: 0,
            upTo: mailbox.changeSeq,
            offset: 0,
            ...(req.query.$filter ? { filter: req.query.$filter } : {}),
            ...(req.query.$select ? { select: req.query.$select } : {}),
          };
        }
      } catch {
        return reply.code(400).send(graphError('BadRequest', 'Invalid delta or skip token.'));
      }
      const filter = messageFilter(token.filter);
      const changed = mailbox.messages
        .filter((m) => m.changeSeq > token.after && m.changeSeq <= token.upTo && filter(m))
        .sort((a, b) => b.internalDate - a.internalDate);
      const size = pageSize(req, 10);
      const page = changed.slice(token.offset, token.offset + size);
      const base = `${ctx.url}${ME}/mailFolders/${req.params.folder}/messages/delta`;
      const more = token.offset + size < changed.length;
      return {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#Collection(message)',
        value: page.map((m) => messageResource(m, token.select)),
        ...(more
          ? { '@odata.nextLink': `${base}?$skiptoken=${encode({ ...token, offset: token.offset + size })}` }
          : {
              '@odata.deltaLink': `${base}?$deltatoken=${encode({ after: token.upTo, upTo: 0, offset: 0, filter: token.filter, select: token.select })}`,
            }),
      };
    },
  );
}
