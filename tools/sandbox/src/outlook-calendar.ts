import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { calendarOf, type SandboxContext } from './context';
import { graphError, ME, notFound, skipPage } from './graph-api';
import { microsoftUser } from './microsoft-identity';
import { occurrences } from './recurrence';

/** A `$filter` clause on one single-value extended property; several may be joined by `and`. */
const PROPERTY_CLAUSE =
  /singleValueExtendedProperties\/Any\(\s*(\w+):\s*\1\/id eq '([^']+)'\s+and\s+\1\/value eq '([^']*)'\s*\)/gi;

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

/**
 * The test a `$filter` of extended-property clauses (joined by `and`) puts each event to: true for every
 * event without a filter, null for a filter this stand-in does not understand (answered 400, never ignored).
 */
function propertyFilter(filter: string | undefined): ((e: GraphEvent) => boolean) | null {
  if (!filter) return () => true;
  const wanted = [...filter.matchAll(PROPERTY_CLAUSE)].map((m) => ({
    id: (m[2] as string).toLowerCase(),
    value: m[3] as string,
  }));
  const rest = filter
    .replace(PROPERTY_CLAUSE, '')
    .replace(/\band\b/gi, '')
    .trim();
  if (wanted.length === 0 || rest) return null;
  return (e) =>
    wanted.every((w) =>
      (e.singleValueExtendedProperties ?? []).some((p) => p.id.toLowerCase() === w.id && p.value === w.value),
    );
}

function badFilter(reply: FastifyReply) {
  return reply
    .code(400)
    .send(graphError('BadRequest', 'Invalid filter clause: the filter is not one this sandbox supports.'));
}

/** A 400 in Graph's shape, its message in Graph's words. */
function invalid(reply: FastifyReply, code: string, message: string) {
  return reply.code(400).send(graphError(code, message));
}

/** The Outlook calendar through Microsoft Graph: events (create, list, read, change, delete) and calendarView. */
export function registerOutlookCalendar(app: FastifyInstance, ctx: SandboxContext): void {
  const events = `${ME}/events`;
  const eventsOf = (email: string) => calendarOf(ctx, email) as GraphEvent[];
  /** The signed-in user's calendar and where in it the event the route names is, or null once the 401 or 404 is answered. */
  const eventAt = (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const email = microsoftUser(ctx, req, reply);
    if (!email) return null;
    const list = eventsOf(email);
    const at = list.findIndex((e) => e.id === req.params.id);
    if (at === -1) {
      void notFound(reply);
      return null;
    }
    return { list, at, event: list[at] as GraphEvent };
  };

  app.post<{ Body: Record<string, unknown> }>(events, async (req, reply) => {
    const email = microsoftUser(ctx, req, reply);
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
      return invalid(
        reply,
        'ErrorInvalidRequest',
        "Your request can't be completed. The start or end time is missing or invalid.",
      );
    }
    if (b.isAllDay && (!start.dateTime.endsWith('T00:00:00') || !end.dateTime.endsWith('T00:00:00'))) {
      return invalid(
        reply,
        'ErrorInvalidRequest',
        "Your request can't be completed. All-day events must start and end at midnight.",
      );
    }
    // Graph answers a create retried with the same transactionId with the event the first one made.
    const transactionId = typeof b.transactionId === 'string' ? b.transactionId : null;
    const made = transactionId ? eventsOf(email).find((e) => e.transactionId === transactionId) : undefined;
    if (made) return reply.code(201).send(publicEvent(made, false));
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
      transactionId,
    };
    eventsOf(email).push(event);
    return reply.code(201).send(publicEvent(event, false));
  });

  app.get<{ Querystring: Record<string, string> }>(events, async (req, reply) => {
    const email = microsoftUser(ctx, req, reply);
    if (!email) return reply;
    const matches = propertyFilter(req.query.$filter);
    if (!matches) return badFilter(reply);
    const list = eventsOf(email).filter(matches);
    return { value: list.map((e) => publicEvent(e, Boolean(req.query.$expand))) };
  });

  const one = `${events}/:id`;
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(one, async (req, reply) => {
    const found = eventAt(req, reply);
    return found ? publicEvent(found.event, Boolean(req.query.$expand)) : reply;
  });
  app.patch<{ Params: { id: string }; Body: Record<string, unknown> }>(one, async (req, reply) => {
    const found = eventAt(req, reply);
    if (!found) return reply;
    const changes = (req.body ?? {}) as Partial<GraphEvent>;
    // Extended properties a PATCH names are set; those it does not name stay, as Graph keeps them.
    const properties = new Map(
      [
        ...(found.event.singleValueExtendedProperties ?? []),
        ...(changes.singleValueExtendedProperties ?? []),
      ].map((p) => [p.id.toLowerCase(), p]),
    );
    const next: GraphEvent = {
      ...found.event,
      ...changes,
      singleValueExtendedProperties: [...properties.values()],
      id: found.event.id,
      lastModifiedDateTime: ctx.now().toISOString(),
    } as GraphEvent;
    next.type = next.recurrence ? 'seriesMaster' : 'singleInstance';
    found.list[found.at] = next;
    return publicEvent(next, false);
  });
  app.delete<{ Params: { id: string } }>(one, async (req, reply) => {
    const found = eventAt(req, reply);
    if (!found) return reply;
    found.list.splice(found.at, 1);
    return reply.code(204).send();
  });

  app.get<{ Querystring: Record<string, string> }>(`${ME}/calendarView`, async (req, reply) => {
    const email = microsoftUser(ctx, req, reply);
    if (!email) return reply;
    const from = Date.parse(req.query.startDateTime ?? '');
    const to = Date.parse(req.query.endDateTime ?? '');
    if (Number.isNaN(from) || Number.isNaN(to)) {
      return invalid(
        reply,
        'ErrorInvalidParameter',
        'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
      );
    }
    const matches = propertyFilter(req.query.$filter);
    if (!matches) return badFilter(reply);
    const instances: Record<string, unknown>[] = [];
    for (const e of eventsOf(email).filter(matches)) {
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
    return skipPage(
      ctx,
      `${ME}/calendarView`,
      req.query,
      "https://graph.microsoft.com/v1.0/$metadata#users('me')/calendarView",
      instances,
    );
  });
}
