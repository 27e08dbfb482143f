import type { ProviderClient } from '../http';
import { isCandidateSubject, type MailSource } from '../mail';

interface GraphPage {
  value: { id: string; subject?: string | null; receivedDateTime?: string; '@removed'?: unknown }[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

/**
 * Outlook through Microsoft Graph: a delta query over the inbox within the look-back (pages through
 * @odata.nextLink, ending in an @odata.deltaLink kept as the cursor), subjects filtered here, raw MIME
 * through `/me/messages/{id}/$value`.
 */
export function createOutlookSource(
  client: ProviderClient,
  graphBase: string,
  lookbackMonths: number,
  now: () => Date,
): MailSource {
  const api = `${graphBase.replace(/\/$/, '')}/v1.0/me`;

  function firstUrl(): string {
    const since = new Date(now());
    since.setMonth(since.getMonth() - lookbackMonths);
    const url = new URL(`${api}/mailFolders/inbox/messages/delta`);
    url.searchParams.set('$select', 'subject,receivedDateTime');
    url.searchParams.set('$filter', `receivedDateTime ge ${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}`);
    return url.toString();
  }

  return {
    async *pages(cursor) {
      let url = cursor ?? firstUrl();
      for (;;) {
        const page = await client.call<GraphPage>('graph', url, {
          headers: { prefer: 'odata.maxpagesize=100' },
        });
        const next = page['@odata.nextLink'];
        const done = !next;
        const messages = page.value
          .filter((m) => !m['@removed'] && isCandidateSubject(m.subject))
          .map((m) => ({ id: m.id, subject: m.subject ?? null, receivedAt: m.receivedDateTime ?? null }));
        const resume = next ?? page['@odata.deltaLink'];
        if (!resume) throw new Error('Microsoft Graph ended a delta query without a deltaLink');
        yield { messages, cursor: resume, done };
        if (done) return;
        url = next;
      }
    },
    async fetchRaw(messageId) {
      const body = await client.call<AsyncIterable<Uint8Array>>(
        'graph',
        `${api}/messages/${encodeURIComponent(messageId)}/$value`,
        { as: 'stream' },
      );
      return { body, wrapping: 'rfc822' };
    },
  };
}
