import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { SandboxContext } from './context';

/** Where Microsoft Graph's signed-in user lives; mail and calendar hang below it. */
export const ME = '/graph/v1.0/me';

/** An error in Graph's shape: a code, a message and the request's date and id. */
export const graphError = (code: string, message: string) => ({
  error: {
    code,
    message,
    innerError: { date: new Date().toISOString(), 'request-id': randomBytes(16).toString('hex') },
  },
});

/** Graph's 404 for an id the mailbox or calendar does not hold. */
export function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .send(graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
}

/**
 * One page of a collection paged by `$top` (10 by default, 1,000 at most) and `$skip`, with the nextLink
 * Graph gives while more remain: the same query with `$skip` moved on.
 */
export function skipPage<T>(
  ctx: SandboxContext,
  path: string,
  query: Record<string, string>,
  context: string,
  items: T[],
  toResource: (item: T) => unknown = (item) => item,
) {
  const top = Math.min(Number(query.$top ?? 10) || 10, 1000);
  const skip = Number(query.$skip ?? 0) || 0;
  const next = new URL(`${ctx.url}${path}`);
  for (const [k, v] of Object.entries(query)) next.searchParams.set(k, v);
  next.searchParams.set('$skip', String(skip + top));
  return {
    '@odata.context': context,
    value: items.slice(skip, skip + top).map(toResource),
    ...(skip + top < items.length ? { '@odata.nextLink': next.toString() } : {}),
  };
}
