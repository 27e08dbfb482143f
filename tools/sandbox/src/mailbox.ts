import { gmailId, graphId, type Mailbox, type StoredMessage } from './state';

export function createMailbox(): Mailbox {
  return { messages: [], byId: new Map(), historyId: 1000, oldestHistoryId: 0, changeSeq: 0 };
}

/** Decodes RFC 2047 encoded words (`=?utf-8?B?...?=`, `=?utf-8?Q?...?=`) well enough for searching. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_m, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            );
      try {
        return new TextDecoder(charset.toLowerCase() === 'utf8' ? 'utf-8' : charset).decode(bytes);
      } catch {
        return bytes.toString('latin1');
      }
    },
  );
}

/** The top-level headers of an RFC 822 message, unfolded, names lower-cased. */
export function readHeaders(raw: Buffer): Map<string, string> {
  const text = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name))
      headers.set(name, decodeWords(Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8')));
  }
  return headers;
}

/** Stores a message in the mailbox as the provider would: new id, internal date, history entry. */
export function storeMessage(
  mailbox: Mailbox,
  rawInput: string | Uint8Array,
  options: { labelIds?: string[]; internalDate?: Date; now?: Date; idStyle?: 'gmail' | 'graph' } = {},
): StoredMessage {
  const raw = typeof rawInput === 'string' ? Buffer.from(rawInput, 'utf8') : Buffer.from(rawInput);
  const headers = readHeaders(raw);
  const dated = Date.parse(headers.get('date') ?? '');
  const internalDate =
    options.internalDate?.getTime() ??
    (Number.isFinite(dated) ? dated : (options.now ?? new Date()).getTime());
  mailbox.historyId += 1;
  mailbox.changeSeq += 1;
  const id = options.idStyle === 'graph' ? graphId() : gmailId();
  const message: StoredMessage = {
    id,
    threadId: id,
    raw,
    internalDate,
    labelIds: options.labelIds ?? ['INBOX', 'UNREAD'],
    historyId: mailbox.historyId,
    subject: headers.get('subject') ?? '',
    from: headers.get('from') ?? '',
    haystack:
      `${headers.get('subject') ?? ''}\n${headers.get('from') ?? ''}\n${raw.toString('utf8').slice(0, 200_000)}`.toLowerCase(),
    changeSeq: mailbox.changeSeq,
  };
  mailbox.messages.push(message);
  mailbox.byId.set(id, message);
  return message;
}

/** Newest first, as both providers list mail. */
export function newestFirst(messages: StoredMessage[]): StoredMessage[] {
  return [...messages].sort((a, b) => b.internalDate - a.internalDate || b.historyId - a.historyId);
}
