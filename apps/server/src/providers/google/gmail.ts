import { type ProviderClient, ProviderHttpError } from '../http';
import { type MailSource, type MessagePage, ORDER_SUBJECT_WORDS } from '../mail';

interface GmailCursor {
  /** Where to resume a full scan (a list page token), absent once the scan is done. */
  pageToken?: string;
  /** The mailbox's historyId when the scan began: changes after it are read incrementally. */
  historyId: string;
  full: boolean;
}

/** Gmail's search for candidate messages within the look-back. */
export function gmailQuery(lookbackMonths: number): string {
  const words = ORDER_SUBJECT_WORDS.map((w) => (w.includes(' ') ? `"${w}"` : w)).join(' OR ');
  return `(category:purchases OR subject:(${words})) newer_than:${lookbackMonths}m -in:chats`;
}

/**
 * Gmail as a mail source: a paged `users.messages.list` with the candidate query, then `users.history.list`
 * from the stored historyId. An expired historyId (404) falls back to a full scan of the look-back.
 */
export function createGmailSource(
  client: ProviderClient,
  gmailBase: string,
  lookbackMonths: number,
): MailSource {
  const api = `${gmailBase.replace(/\/$/, '')}/gmail/v1/users/me`;

  async function* fullScan(start: GmailCursor): AsyncIterable<MessagePage> {
    let pageToken = start.pageToken;
    for (;;) {
      const url = new URL(`${api}/messages`);
      url.searchParams.set('q', gmailQuery(lookbackMonths));
      url.searchParams.set('maxResults', '100');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const page = await client.call<{ messages?: { id: string }[]; nextPageToken?: string }>(
        'gmail',
        url.toString(),
      );
      pageToken = page.nextPageToken;
      const cursor: GmailCursor = pageToken
        ? { pageToken, historyId: start.historyId, full: true }
        : { historyId: start.historyId, full: false };
      yield {
        messages: (page.messages ?? []).map((m) => ({ id: m.id })),
        cursor: JSON.stringify(cursor),
        done: !pageToken,
      };
      if (!pageToken) return;
    }
  }

  async function* changes(historyId: string): AsyncIterable<MessagePage> {
    let pageToken: string | undefined;
    for (;;) {
      const url = new URL(`${api}/history`);
      url.searchParams.set('startHistoryId', historyId);
      url.searchParams.set('historyTypes', 'messageAdded');
      url.searchParams.set('labelId', 'INBOX');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const page = await client.call<{
        history?: { messagesAdded?: { message: { id: string; labelIds?: string[] } }[] }[];
        historyId: string;
        nextPageToken?: string;
      }>('gmail', url.toString());
      pageToken = page.nextPageToken;
      const ids = new Set<string>();
      for (const entry of page.history ?? []) {
        for (const added of entry.messagesAdded ?? []) {
          const labels = added.message.labelIds ?? [];
          if (!labels.includes('SENT') && !labels.includes('DRAFT') && !labels.includes('SPAM'))
            ids.add(added.message.id);
        }
      }
      // The new historyId only counts once the last page is stored; before that, resume from the old one.
      const cursor: GmailCursor = { historyId: pageToken ? historyId : page.historyId, full: false };
      yield { messages: [...ids].map((id) => ({ id })), cursor: JSON.stringify(cursor), done: !pageToken };
      if (!pageToken) return;
    }
  }

  async function currentHistoryId(): Promise<string> {
    const profile = await client.call<{ historyId: string }>('gmail', `${api}/profile`);
    return String(profile.historyId);
  }

  return {
    async *pages(cursorText) {
      const cursor = cursorText ? (JSON.parse(cursorText) as GmailCursor) : null;
      if (!cursor) {
        yield* fullScan({ historyId: await currentHistoryId(), full: true });
        return;
      }
      if (cursor.full) {
        yield* fullScan(cursor);
        return;
      }
      try {
        yield* changes(cursor.historyId);
      } catch (error) {
        if (!(error instanceof ProviderHttpError) || error.httpStatus !== 404) throw error;
        // History older than Gmail keeps: scan the look-back again; already-imported messages are skipped.
        yield* fullScan({ historyId: await currentHistoryId(), full: true });
      }
    },
    async fetchRaw(messageId) {
      // `{"raw": "<base64url>", ...}`, streamed on: rfc822Of decodes it where the message is read.
      const body = await client.call<AsyncIterable<Uint8Array>>(
        'gmail',
        `${api}/messages/${encodeURIComponent(messageId)}?format=raw`,
        { as: 'stream', headers: { accept: 'application/json' } },
      );
      return { body, wrapping: 'gmail-json' };
    },
  };
}
