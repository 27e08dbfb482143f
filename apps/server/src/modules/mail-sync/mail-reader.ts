import type { ReadEmail } from '@warrantly/extract/email';
import type { Extraction } from '@warrantly/extract/types';
import { AppError, InputOverLimit } from '../../errors';
import type { ProviderEndpoints, ProviderName } from '../../providers/endpoints';
import { createGmailSource } from '../../providers/google/gmail';
import type { ProviderTokens } from '../../providers/http';
import { createProviderClient, ProviderHttpError } from '../../providers/http';
import type { FetchedMessage, MailSource, MessageRef } from '../../providers/mail';
import { createOutlookSource } from '../../providers/microsoft/outlook-mail';
import { hasPurchase } from '../purchases/import.service';
import { type FileStoreDeps, type StoredFile, storeFile } from '../receipts/receipt-files.service';

export interface MailReaderDeps extends Pick<FileStoreDeps, 'blobs' | 'encryptionKey'> {
  tokens: ProviderTokens;
  endpoints: ProviderEndpoints;
  lookbackMonths: number;
  now: () => Date;
  /** Messages fetched at once; with `perSecond`, keeps a sync under half the provider's per-user quota. */
  concurrency?: number;
  /** Raw message fetches per second (Gmail: 250 quota units/s per user, `messages.get` costs 5: half is 25/s). */
  perSecond?: number;
  /** Counts provider calls by kind (benchmarks). */
  onCall?: (service: string, url: string) => void;
  log?: { warn(obj: object, msg: string): void };
  /**
   * Reads a fetched message's fields, and the PDF invoice attached to an order, away from the main thread
   * (the extraction pool); rejects when it cannot, with 'provider_failed' when the provider's answer itself
   * was garbled.
   */
  readEmail: (message: FetchedMessage) => Promise<ReadEmail & { rfc822?: Uint8Array | null }>;
}

/**
 * An order's attached invoice, sealed and written as soon as it is read (so a page of messages never holds
 * their PDFs in memory), with what was read from it; store-outcomes records it with the order or removes it.
 */
export interface KeptReceipt {
  file: StoredFile;
  extraction: Extraction;
}

/** How a kept message is stored and served: the RFC 822 bytes as received. */
export const MESSAGE_MIME = 'message/rfc822';

/** A kept message's file name, from its subject: "Your order 123.eml". */
function messageFilename(extraction: Extraction): string {
  const subject = extraction.email?.subject
    ?.replace(/[^\p{L}\p{N} ._()#-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${(subject || 'message').slice(0, 120)}.eml`;
}

/** What one candidate message turned out to be once fetched and read. */
export type Outcome =
  | {
      kind: 'order';
      ref: MessageRef;
      extraction: Extraction;
      receipt: KeptReceipt | null;
      /** The message itself (.eml), sealed and written like the invoice: the purchase's proof. */
      message: StoredFile | null;
    }
  | { kind: 'shipping'; ref: MessageRef; extraction: Extraction }
  | { kind: 'skipped'; ref: MessageRef; extraction: Extraction | null }
  | { kind: 'error'; ref: MessageRef; reason: string; final?: boolean };

/**
 * The provider refused this one message for good (4xx). A provider that is down, rate limiting or
 * unreachable after the client's retries says nothing about the message: the sync stops and the message is
 * fetched again next time, so an outage cannot push a whole mailbox into quarantine.
 */
function refusedByProvider(error: unknown): boolean {
  if (!(error instanceof ProviderHttpError)) return false;
  return error.httpStatus >= 400 && error.httpStatus < 500 && ![401, 408, 429].includes(error.httpStatus);
}

/** Why a message failed, in a few words of our own: never the error text of a parser quoting the mail. */
export function reasonOf(stage: 'fetch' | 'read' | 'import', error: unknown): string {
  const what = error instanceof AppError ? error.message : error instanceof Error ? error.name : 'failure';
  return `${stage}: ${what}`.slice(0, 200);
}

/** The user's mailbox at their provider, and the reading of its messages at a steady, bounded rate. */
export function createMailReader(deps: MailReaderDeps) {
  const concurrency = deps.concurrency ?? 8;
  const perSecond = deps.perSecond ?? 25;

  function sourceFor(userId: string, provider: ProviderName): MailSource {
    const client = createProviderClient({
      tokens: deps.tokens,
      userId,
      provider,
      ...(deps.onCall ? { onCall: deps.onCall } : {}),
    });
    if (provider === 'google') {
      if (!deps.endpoints.google)
        throw new AppError('provider_failed', 'Google is not configured on this server');
      return createGmailSource(client, deps.endpoints.google.gmailBase, deps.lookbackMonths);
    }
    if (!deps.endpoints.microsoft)
      throw new AppError('provider_failed', 'Microsoft is not configured on this server');
    return createOutlookSource(client, deps.endpoints.microsoft.graphBase, deps.lookbackMonths, deps.now);
  }

  async function read(userId: string, source: MailSource, ref: MessageRef): Promise<Outcome> {
    let raw: FetchedMessage;
    try {
      raw = await source.fetchRaw(ref.id);
    } catch (error) {
      if (!refusedByProvider(error)) throw error;
      deps.log?.warn({ err: error, message: ref.id }, 'could not fetch a message; quarantined');
      return { kind: 'error', ref, reason: reasonOf('fetch', error) };
    }
    let answer: ReadEmail & { rfc822?: Uint8Array | null };
    try {
      answer = await deps.readEmail(raw);
    } catch (error) {
      // A garbled answer says nothing about the message, as an outage does not: the sync stops.
      if (error instanceof AppError && error.code === 'provider_failed') throw error;
      deps.log?.warn({ err: error, message: ref.id }, 'could not read a message; quarantined');
      return { kind: 'error', ref, reason: reasonOf('read', error), final: error instanceof InputOverLimit };
    }
    const { extraction, receipt, rfc822 } = answer;
    if (extraction.is_order && hasPurchase(extraction)) {
      // Kept as an upload is (encrypted before any row points at it); a storage failure stops the sync.
      const kept = receipt
        ? {
            file: await storeFile(deps, userId, { filename: receipt.filename, bytes: receipt.bytes }),
            extraction: receipt.extraction,
          }
        : null;
      const message = rfc822
        ? await storeFile(deps, userId, {
            filename: messageFilename(extraction),
            bytes: rfc822,
            mime: MESSAGE_MIME,
          })
        : null;
      return { kind: 'order', ref, extraction, receipt: kept, message };
    }
    if (extraction.email?.is_shipping_update) return { kind: 'shipping', ref, extraction };
    return { kind: 'skipped', ref, extraction };
  }

  /** Reads a page's messages with bounded concurrency and a steady rate. */
  async function readAll(userId: string, source: MailSource, refs: MessageRef[]): Promise<Outcome[]> {
    const out: Outcome[] = new Array(refs.length);
    let next = 0;
    let lastStart = 0;
    const gap = 1000 / perSecond;
    const worker = async () => {
      while (next < refs.length) {
        const index = next++;
        const wait = lastStart + gap - Date.now();
        lastStart = Math.max(Date.now(), lastStart + gap);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        out[index] = await read(userId, source, refs[index] as MessageRef);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, refs.length) }, worker));
    return out;
  }

  return { sourceFor, readAll };
}
