import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf, calendarOf, mailboxOf, type SandboxContext } from './context';
import { authenticate } from './identity';
import { newestFirst, readHeaders } from './mailbox';
import { occurrences } from './recurrence';
import type { StoredMessage } from './state';

const graphError = (code: string, message: string) => ({
  error: {
    code,
    message,
    innerError: { date: new Date().toISOString(), 'request-id': randomBytes(16).toString('hex') },
  },
});

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

const PROPERTY_FILTER =
  /singleValueExtendedProperties\/Any\(\s*\w+:\s*\w+\/id eq '([^']+)'\s+and\s+\w+\/value eq '([^']*)'\s*\)/i;

type GraphEvent = Record<string, unknown> & {
  id: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  isAllDay?: boolean;
  recurrence?: { pattern: Record<string, unknown>; range: Record<string, unknown> } | null;
  singleValueExtendedProperties?: { id: string; value: string }[];
};

/** Graph's patternedRecurrence as an RFC 5545 rule, for expansion. */
function toRule(recurrence: NonNullable<GraphEvent['recurrence']>): string {
  const p = recurrence.pattern as { type: string; interval?: number; daysOfWeek?: string[] };
  const interval = p.interval ?? 1;
  const freq =
    {
      daily: 'DAILY',
      weekly: 'WEEKLY',
      absoluteMonthly: 'MONTHLY',
      absoluteYearly: 'YEARLY',
      relativeMonthly: 'MONTHLY',
      relativeYearly: 'YEARLY',
    }[p.type] ?? 'DAILY';
  const byDay =
    p.type === 'weekly' && p.daysOfWeek?.length
      ? `;BYDAY=${p.daysOfWeek.map((d) => d.slice(0, 2).toUpperCase()).join(',')}`
      : '';
  const r = recurrence.range as { type?: string; endDate?: string; numberOfOccurrences?: number };
  const end =
    r.type === 'endDate' && r.endDate
      ? `;UNTIL=${r.endDate.replaceAll('-', '')}T235959Z`
      : r.type === 'numbered' && r.numberOfOccurrences
        ? `;COUNT=${r.numberOfOccurrences}`
        : '';
  return `RRULE:FREQ=${freq};INTERVAL=${interval}${byDay}${end}`;
}

function publicEvent(e: GraphEvent, expand: boolean) {
  const { singleValueExtendedProperties, ...rest } = e;
  return expand ? { ...rest, singleValueExtendedProperties } : rest;
}

export function registerGraph(app: FastifyInstance, ctx: SandboxContext): void {
  const me = '/graph/v1.0/me';
  const auth = (req: FastifyRequest, reply: FastifyReply) => authenticate(ctx, req, reply, 'microsoft');

  app.get(me, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    const a = accountOf(ctx, 'microsoft', email);
    return {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
      id: a?.id,
      displayName: a?.name,
      givenName: a?.givenName,
      surname: a?.familyName,
      mail: a?.email,
      userPrincipalName: a?.email,
      businessPhones: [],
      jobTitle: null,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: 'en-US',
    };
  });

  const pageSize = (req: FastifyRequest, fallback: number) => {
    const prefer = /odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ''));
    return Math.min(Number(prefer?.[1] ?? fallback) || fallback, 1000);
  };

  app.get<{ Querystring: Record<string, string> }>(`${me}/messages`, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    let filter: (m: StoredMessage) => boolean;
    try {
      filter = messageFilter(req.query.$filter);
    } catch (e) {
      return reply.code(400).send(graphError('BadRequest', (e as Error).message));
    }
    const search = req.query.$search?.replace(/^"|"$/g, '').toLowerCase();
    const top = Math.min(Number(req.query.$top ?? 10) || 10, 1000);
    const skip = Number(req.query.$skip ?? 0) || 0;
    const hits = newestFirst(mailboxOf(ctx, email).messages).filter(
      (m) => filter(m) && (!search || m.haystack.includes(search)),
    );
    const page = hits.slice(skip, skip + top);
    const next = new URL(`${ctx.url}${me}/messages`);
    for (const [k, v] of Object.entries(req.query)) next.searchParams.set(k, v);
    next.searchParams.set('$skip', String(skip + top));
    return {
      '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users('me')/messages",
      value: page.map((m) => messageResource(m, req.query.$select)),
      ...(skip + top < hits.length ? { '@odata.nextLink': next.toString() } : {}),
    };
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    `${me}/messages/:id`,
    async (req, reply) => {
      const email = auth(req, reply);
      if (!email) return reply;
      const m = mailboxOf(ctx, email).byId.get(req.params.id);
      if (!m)
        return reply
          .code(404)
          .send(graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
      return messageResource(m, req.query.$select);
    },
  );

  app.get<{ Params: { id: string } }>(`${me}/messages/:id/$value`, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    const m = mailboxOf(ctx, email).byId.get(req.params.id);
    if (!m)
      return reply
        .code(404)
        .send(graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
    return reply.type('text/plain').send(m.raw);
  });

  /** Delta over a folder: pages by $skiptoken, then a $deltatoken that returns only later changes. */
  app.get<{ Params: { folder: string }; Querystring: Record<string, string> }>(
    `${me}/mailFolders/:folder/messages/delta`,
    async (req, reply) => {
      const email = auth(req, reply);
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
      const base = `${ctx.url}${me}/mailFolders/${req.params.folder}/messages/delta`;
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

  // Calendar
  const events = `${me}/events`;
  const hasProperty = (e: GraphEvent, filter: string | undefined) => {
    if (!filter) return true;
    const m = PROPERTY_FILTER.exec(filter);
    if (!m) return true;
    return (e.singleValueExtendedProperties ?? []).some(
      (p) => p.id.toLowerCase() === (m[1] as string).toLowerCase() && p.value === m[2],
    );
  };

  app.post<{ Body: Record<string, unknown> }>(events, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    const b = req.body ?? {};
    const start = b.start as GraphEvent['start'] | undefined;
    const end = b.end as GraphEvent['end'] | undefined;
    if (
      !start?.dateTime ||
      !end?.dateTime ||
      Number.isNaN(Date.parse(start.dateTime)) ||
      Number.isNaN(Date.parse(end.dateTime))
    ) {
      return reply
        .code(400)
        .send(
          graphError(
            'ErrorInvalidRequest',
            "Your request can't be completed. The start or end time is missing or invalid.",
          ),
        );
    }
    if (b.isAllDay && (!start.dateTime.endsWith('T00:00:00') || !end.dateTime.endsWith('T00:00:00'))) {
      return reply
        .code(400)
        .send(
          graphError(
            'ErrorInvalidRequest',
            "Your request can't be completed. All-day events must start and end at midnight.",
          ),
        );
    }
    const id = `AAMkAGI2T${randomBytes(30).toString('base64url')}`;
    const now = ctx.now().toISOString();
    const body = b.body as { contentType?: string; content?: string } | undefined;
    const event: GraphEvent = {
      '@odata.etag': `W/"${randomBytes(12).toString('base64')}"`,
      id,
      createdDateTime: now,
      lastModifiedDateTime: now,
      subject: b.subject,
      bodyPreview: (body?.content ?? '').slice(0, 255),
      body: { contentType: body?.contentType ?? 'text', content: body?.content ?? '' },
      start,
      end,
      isAllDay: Boolean(b.isAllDay),
      isReminderOn: b.isReminderOn ?? true,
      reminderMinutesBeforeStart: b.reminderMinutesBeforeStart ?? 15,
      showAs: b.showAs ?? 'busy',
      type: b.recurrence ? 'seriesMaster' : 'singleInstance',
      recurrence: (b.recurrence as GraphEvent['recurrence']) ?? null,
      webLink: `https://outlook.live.com/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
      singleValueExtendedProperties:
        (b.singleValueExtendedProperties as GraphEvent['singleValueExtendedProperties']) ?? [],
    };
    calendarOf(ctx, email).push(event);
    return reply.code(201).send(publicEvent(event, false));
  });

  app.get<{ Querystring: Record<string, string> }>(events, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    const list = (calendarOf(ctx, email) as GraphEvent[]).filter((e) => hasProperty(e, req.query.$filter));
    return { value: list.map((e) => publicEvent(e, Boolean(req.query.$expand))) };
  });

  const one = `${events}/:id`;
  const find = (email: string, id: string) =>
    (calendarOf(ctx, email) as GraphEvent[]).findIndex((e) => e.id === id);
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(one, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    const at = find(email, req.params.id);
    if (at === -1)
      return reply
        .code(404)
        .send(graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
    return publicEvent(calendarOf(ctx, email)[at] as GraphEvent, Boolean(req.query.$expand));
  });
  app.patch<{ Params: { id: string }; Body: Record<string, unknown> }>(one, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    const list = calendarOf(ctx, email) as GraphEvent[];
    const at = find(email, req.params.id);
    if (at === -1)
      return reply
        .code(404)
        .send(graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
    const current = list[at] as GraphEvent;
    const next: GraphEvent = {
      ...current,
      ...(req.body ?? {}),
      id: current.id,
      lastModifiedDateTime: ctx.now().toISOString(),
    } as GraphEvent;
    next.type = next.recurrence ? 'seriesMaster' : 'singleInstance';
    list[at] = next;
    return publicEvent(next, false);
  });
  app.delete<{ Params: { id: string } }>(one, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    const at = find(email, req.params.id);
    if (at === -1)
      return reply
        .code(404)
        .send(graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
    calendarOf(ctx, email).splice(at, 1);
    return reply.code(204).send();
  });

  app.get<{ Querystring: Record<string, string> }>(`${me}/calendarView`, async (req, reply) => {
    const email = auth(req, reply);
    if (!email) return reply;
    const from = Date.parse(req.query.startDateTime ?? '');
    const to = Date.parse(req.query.endDateTime ?? '');
    if (Number.isNaN(from) || Number.isNaN(to)) {
      return reply
        .code(400)
        .send(
          graphError(
            'ErrorInvalidParameter',
            'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
          ),
        );
    }
    const instances: Record<string, unknown>[] = [];
    for (const e of (calendarOf(ctx, email) as GraphEvent[]).filter((x) =>
      hasProperty(x, req.query.$filter),
    )) {
      const startDay = e.start.dateTime.slice(0, 10);
      const length = Date.parse(`${e.end.dateTime}Z`) - Date.parse(`${e.start.dateTime}Z`);
      if (!e.recurrence) {
        if (Date.parse(`${e.end.dateTime}Z`) > from && Date.parse(`${e.start.dateTime}Z`) < to)
          instances.push(publicEvent(e, false));
        continue;
      }
      for (const day of occurrences(startDay, toRule(e.recurrence), new Date(from), new Date(to))) {
        const start = `${day}${e.start.dateTime.slice(10)}`;
        const end = new Date(Date.parse(`${start}Z`) + length).toISOString().slice(0, 19);
        instances.push({
          ...publicEvent(e, false),
          id: `${e.id}_${day.replaceAll('-', '')}`,
          seriesMasterId: e.id,
          type: 'occurrence',
          recurrence: null,
          start: { dateTime: start, timeZone: e.start.timeZone },
          end: { dateTime: end, timeZone: e.end.timeZone },
        });
      }
    }
    instances.sort((a, b) =>
      String((a.start as { dateTime: string }).dateTime).localeCompare(
        String((b.start as { dateTime: string }).dateTime),
      ),
    );
    const top = Math.min(Number(req.query.$top ?? 10) || 10, 1000);
    const skip = Number(req.query.$skip ?? 0) || 0;
    const next = new URL(`${ctx.url}${me}/calendarView`);
    for (const [k, v] of Object.entries(req.query)) next.searchParams.set(k, v);
    next.searchParams.set('$skip', String(skip + top));
    return {
      '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users('me')/calendarView",
      value: instances.slice(skip, skip + top),
      ...(skip + top < instances.length ? { '@odata.nextLink': next.toString() } : {}),
    };
  });
}
