import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { calendarOf, cancelledEventsOf, type SandboxContext } from './context';
import { googleUser } from './google-identity';
import { occurrences } from './recurrence';

type GoogleEvent = Record<string, unknown> & {
  id: string;
  start: { date?: string; dateTime?: string; timeZone?: string };
  end: { date?: string; dateTime?: string; timeZone?: string };
  recurrence?: string[];
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
};

const error = (code: number, message: string, reason: string) => ({
  error: { code, message, errors: [{ domain: 'global', reason, message }] },
});

/** Google's event ids are base32hex (digits and a-v, lowercase), 5 to 1024 characters. */
const eventId = () => randomBytes(13).toString('hex');
const BASE32HEX_ID = /^[0-9a-v]{5,1024}$/;
const startOf = (e: GoogleEvent) => new Date(e.start.dateTime ?? `${e.start.date}T00:00:00Z`);
const endOf = (e: GoogleEvent) => new Date(e.end.dateTime ?? `${e.end.date}T00:00:00Z`);

function validTime(t: unknown): t is { date?: string; dateTime?: string } {
  if (!t || typeof t !== 'object') return false;
  const { date, dateTime } = t as { date?: unknown; dateTime?: unknown };
  return (
    (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) ||
    (typeof dateTime === 'string' && !Number.isNaN(Date.parse(dateTime)))
  );
}

/** The instances of a recurring all-day event, as singleEvents=true answers them. */
function expand(e: GoogleEvent, from: Date, to: Date): GoogleEvent[] {
  const rule = e.recurrence?.find((r) => r.startsWith('RRULE:')) ?? null;
  if (!rule || !e.start.date || !e.end.date) return [e];
  const length = endOf(e).getTime() - startOf(e).getTime();
  return occurrences(e.start.date, rule, from, to).map((day) => {
    const end = new Date(new Date(`${day}T00:00:00Z`).getTime() + length).toISOString().slice(0, 10);
    const { recurrence: _r, ...rest } = e;
    return {
      ...rest,
      id: `${e.id}_${day.replaceAll('-', '')}`,
      recurringEventId: e.id,
      originalStartTime: { date: day },
      start: { date: day },
      end: { date: end },
    };
  });
}

export function registerGoogleCalendar(app: FastifyInstance, ctx: SandboxContext): void {
  const events = '/google/calendar/v3/calendars/:calendarId/events';

  const find = (email: string, id: string) =>
    (calendarOf(ctx, email) as GoogleEvent[]).findIndex((e) => e.id === id);

  function stamp(e: GoogleEvent): GoogleEvent {
    const now = ctx.now().toISOString();
    return { ...e, etag: `"${Date.now()}${randomBytes(2).toString('hex')}"`, updated: now };
  }

  app.post<{ Params: { calendarId: string }; Body: Record<string, unknown> }>(events, async (req, reply) => {
    const email = googleUser(ctx, req, reply);
    if (!email) return reply;
    const body = req.body ?? {};
    if (!validTime(body.start) || !validTime(body.end))
      return reply.code(400).send(error(400, 'Missing time zone definition for start time.', 'required'));
    // A client may choose the id (so a retried insert cannot make a second event); Google keeps a deleted
    // event under its id, so that id stays taken too.
    if (body.id !== undefined && (typeof body.id !== 'string' || !BASE32HEX_ID.test(body.id)))
      return reply.code(400).send(error(400, 'Invalid resource id value.', 'invalid'));
    const id = (body.id as string | undefined) ?? eventId();
    if (find(email, id) !== -1 || cancelledEventsOf(ctx, email).has(id))
      return reply.code(409).send(error(409, 'The requested identifier already exists.', 'duplicate'));
    const now = ctx.now().toISOString();
    const event = stamp({
      kind: 'calendar#event',
      id,
      status: 'confirmed',
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${email}`).toString('base64url')}`,
      created: now,
      summary: body.summary,
      description: body.description,
      creator: { email, self: true },
      organizer: { email, self: true },
      start: body.start as GoogleEvent['start'],
      end: body.end as GoogleEvent['end'],
      ...(Array.isArray(body.recurrence) && body.recurrence.length > 0
        ? { recurrence: body.recurrence as string[] }
        : {}),
      transparency: body.transparency,
      iCalUID: `${id}@google.com`,
      sequence: 0,
      reminders: body.reminders ?? { useDefault: true },
      extendedProperties: body.extendedProperties as GoogleEvent['extendedProperties'],
      eventType: 'default',
    });
    calendarOf(ctx, email).push(event);
    return reply.code(200).send(event);
  });

  app.get<{
    Params: { calendarId: string };
    Querystring: {
      timeMin?: string;
      timeMax?: string;
      singleEvents?: string;
      orderBy?: string;
      privateExtendedProperty?: string | string[];
      maxResults?: string;
      pageToken?: string;
    };
  }>(events, async (req, reply) => {
    const email = googleUser(ctx, req, reply);
    if (!email) return reply;
    const q = req.query;
    const from = q.timeMin ? new Date(q.timeMin) : new Date(0);
    const to = q.timeMax ? new Date(q.timeMax) : new Date(8.64e15);
    if (q.orderBy === 'startTime' && q.singleEvents !== 'true') {
      return reply
        .code(400)
        .send(error(400, 'The requested ordering is not available for the particular query.', 'invalid'));
    }
    const constraints = [q.privateExtendedProperty ?? []].flat().map((c) => c.split('=') as [string, string]);
    const stored = (calendarOf(ctx, email) as GoogleEvent[]).filter((e) =>
      constraints.every(([k, v]) => e.extendedProperties?.private?.[k] === v),
    );
    let items = q.singleEvents === 'true' ? stored.flatMap((e) => expand(e, from, to)) : stored;
    items = items.filter((e) => endOf(e) > from && startOf(e) < to);
    if (q.orderBy === 'startTime') items.sort((a, b) => startOf(a).getTime() - startOf(b).getTime());
    const max = Math.min(Number(q.maxResults ?? 250) || 250, 2500);
    const offset = q.pageToken ? Number(Buffer.from(q.pageToken, 'base64url').toString()) : 0;
    const page = items.slice(offset, offset + max);
    return {
      kind: 'calendar#events',
      etag: `"${Date.now()}"`,
      summary: email,
      updated: ctx.now().toISOString(),
      timeZone: 'UTC',
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 30 }],
      ...(offset + max < items.length
        ? { nextPageToken: Buffer.from(String(offset + max)).toString('base64url') }
        : {}),
      items: page,
    };
  });

  const one = `${events}/:eventId`;

  app.get<{ Params: { calendarId: string; eventId: string } }>(one, async (req, reply) => {
    const email = googleUser(ctx, req, reply);
    if (!email) return reply;
    const at = find(email, req.params.eventId);
    if (at !== -1) return calendarOf(ctx, email)[at];
    // A deleted event is still answered, with status `cancelled`.
    const cancelled = cancelledEventsOf(ctx, email).get(req.params.eventId);
    return cancelled ?? reply.code(404).send(error(404, 'Not Found', 'notFound'));
  });

  const change =
    (replaceAll: boolean) =>
    async (
      req: import('fastify').FastifyRequest<{
        Params: { calendarId: string; eventId: string };
        Body: Record<string, unknown>;
      }>,
      reply: import('fastify').FastifyReply,
    ) => {
      const email = googleUser(ctx, req, reply);
      if (!email) return reply;
      const list = calendarOf(ctx, email) as GoogleEvent[];
      const at = find(email, req.params.eventId);
      if (at === -1) return reply.code(404).send(error(404, 'Not Found', 'notFound'));
      const current = list[at] as GoogleEvent;
      const body = req.body ?? {};
      if (
        (body.start !== undefined && !validTime(body.start)) ||
        (body.end !== undefined && !validTime(body.end))
      ) {
        return reply.code(400).send(error(400, 'Invalid start or end time.', 'invalid'));
      }
      const merged: Record<string, unknown> = replaceAll
        ? { ...body, id: current.id, kind: current.kind, created: current.created }
        : { ...current, ...body };
      if (Array.isArray(merged.recurrence) && merged.recurrence.length === 0) delete merged.recurrence;
      const next = stamp({ ...(merged as GoogleEvent), sequence: Number(current.sequence ?? 0) + 1 });
      list[at] = next;
      return next;
    };
  app.patch(one, change(false));
  app.put(one, change(true));

  app.delete<{ Params: { calendarId: string; eventId: string } }>(one, async (req, reply) => {
    const email = googleUser(ctx, req, reply);
    if (!email) return reply;
    const at = find(email, req.params.eventId);
    if (at === -1) {
      return cancelledEventsOf(ctx, email).has(req.params.eventId)
        ? reply.code(410).send(error(410, 'Resource has been deleted', 'deleted'))
        : reply.code(404).send(error(404, 'Not Found', 'notFound'));
    }
    const [gone] = calendarOf(ctx, email).splice(at, 1) as GoogleEvent[];
    cancelledEventsOf(ctx, email).set(
      req.params.eventId,
      stamp({ ...(gone as GoogleEvent), status: 'cancelled' }),
    );
    return reply.code(204).send();
  });
}
