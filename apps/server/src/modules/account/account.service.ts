import type { Readable } from 'node:stream';
import {
  type AccountInfo,
  EXPORT_FILES,
  type ExportedReceipt,
  type ExportedReminder,
  exportFilename,
} from '@warrantly/contract/account';
import type { Kysely } from 'kysely';
import { isoDate, timestamp } from '../../dates';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { ProviderName } from '../../providers/endpoints';
import type { ProviderTokens } from '../../providers/http';
import type { BlobStore } from '../../storage/blob-store';
import type { EncryptionKeys } from '../../storage/envelope';
import { listLearned } from '../memory/memory.service';
import { listPurchases } from '../purchases/purchases.service';
import { documentFile } from '../receipts/receipts.service';
import type { Calendar } from '../reminders/calendar.service';
import * as repo from './account.repository';
import { purchasesCsv, uniqueName, type ZipEntry, zipStream } from './account-export';

export interface AccountDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  encryptionKey: EncryptionKeys;
  calendar: Pick<Calendar, 'removeAllEvents'>;
  tokens: Pick<ProviderTokens, 'disconnect'>;
  /**
   * Drops the user's queued background jobs and waits for running ones, so no calendar run adds an event
   * after deletion swept them.
   */
  calendarIdle: (userId: string) => Promise<void>;
  /** Makes the user's access tokens answer 401 at once in this process. */
  userDeleted: (userId: string) => void;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Whether the user still exists (the access-token guard asks, with a short cache). */
export function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  return repo.userExists(db, userId);
}

const PROVIDERS: ProviderName[] = ['google', 'microsoft'];
const gone = () => new AppError('unauthorized', 'The account of this access token no longer exists');

async function requireUser(deps: AccountDeps, userId: string) {
  const user = await repo.findUser(deps.db, userId);
  if (!user) throw gone();
  return user;
}

export async function getAccount(deps: AccountDeps, userId: string): Promise<AccountInfo> {
  const user = await requireUser(deps, userId);
  const mailbox = await repo.findMailbox(deps.db, userId, user.provider);
  const hasTokens = Boolean(mailbox?.refresh_token_enc ?? mailbox?.access_token_enc);
  return {
    name: user.name,
    email: user.email,
    picture: user.picture_url ?? '',
    provider: user.provider,
    mailbox: {
      provider: user.provider,
      address: user.email,
      connected: hasTokens && mailbox?.needs_reauth === 0,
      last_synced_at: mailbox?.last_finished_at ?? null,
    },
  };
}

/**
 * Stops mail sync and calendar writes: the provider grant is revoked where the provider allows it and the
 * stored tokens are deleted; purchases, receipts and reminders stay. Signing in again reconnects.
 */
export async function disconnectMailbox(deps: AccountDeps, userId: string): Promise<AccountInfo> {
  const user = await requireUser(deps, userId);
  const failure = await deps.tokens.disconnect(userId, user.provider, deps.now());
  if (failure) {
    deps.log.warn(
      { err: failure, user: userId, provider: user.provider },
      'could not revoke the provider grant; the stored tokens are deleted anyway',
    );
  }
  return getAccount(deps, userId);
}

/**
 * Deletes the user and everything of theirs: the calendar events this app made, the provider grant
 * (revoked at Google; Microsoft has no revocation, its tokens are deleted), every row in every table and
 * every receipt file. Provider failures are logged and never stop the deletion: the data goes regardless.
 */
export async function deleteAccount(deps: AccountDeps, userId: string): Promise<void> {
  await requireUser(deps, userId);
  await deps.calendarIdle(userId);
  const events = await deps.calendar.removeAllEvents(userId);
  for (const provider of PROVIDERS) {
    const failure = await deps.tokens.disconnect(userId, provider, deps.now());
    if (failure) {
      deps.log.warn({ err: failure, user: userId, provider }, 'could not revoke the provider grant');
    }
  }
  const keys = new Set((await repo.listDocuments(deps.db, userId)).map((d) => d.storage_key));
  await deps.db.transaction().execute((trx) => repo.deleteUserRows(trx, userId));
  deps.userDeleted(userId);
  // Files after rows (a crash in between leaves orphans the sweep removes), including files of uploads
  // whose rows were never written: every receipt file lives under the user's own prefix.
  for await (const blob of deps.blobs.list(`receipts/${userId}/`)) keys.add(blob.key);
  for (const key of keys) await deps.blobs.remove(key);
  deps.log.info(
    { user: userId, eventsRemoved: events.removed, eventsFailed: events.failed, files: keys.size },
    'account deleted',
  );
}

/** The export's name, dated, and its ZIP stream (see `EXPORT_FILES` for what it holds). */
export async function exportAccount(
  deps: AccountDeps,
  userId: string,
): Promise<{ filename: string; stream: Readable }> {
  const user = await requireUser(deps, userId);
  const now = deps.now();
  // Everything is read before the first byte goes out, so the files agree with each other.
  const purchases = await listPurchases(deps.db, userId, now);
  const reminders: ExportedReminder[] = (await repo.listReminders(deps.db, userId)).map((r) => ({
    title: r.title,
    event_date: r.event_date,
    kind: r.kind,
    provider: r.provider,
    repeat_every_days: r.rrule === null ? null : Number(r.rrule),
  }));
  const documents = await repo.listDocuments(deps.db, userId);
  const review = {
    rejected: await repo.listRejections(deps.db, userId),
    learned_from_corrections: await listLearned(deps.db, deps.encryptionKey, userId),
  };
  const settings = {
    account: { name: user.name, email: user.email, provider: user.provider, created_at: user.created_at },
    default_currency: user.default_currency,
    warranty_reminder_days: user.warranty_reminder_days,
    exported_at: timestamp(now),
  };
  const text = (name: string, content: string): ZipEntry => ({
    name,
    bytes: new TextEncoder().encode(content),
    compress: true,
  });
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  async function* entries(): AsyncGenerator<ZipEntry> {
    yield text(EXPORT_FILES.purchasesJson, json(purchases));
    yield text(EXPORT_FILES.purchasesCsv, purchasesCsv(purchases));
    yield text(EXPORT_FILES.remindersJson, json(reminders));
    yield text(EXPORT_FILES.settingsJson, json(settings));
    yield text(EXPORT_FILES.reviewJson, json(review));
    const taken = new Set<string>();
    const receipts: ExportedReceipt[] = [];
    for (const doc of documents) {
      let path: string | null = null;
      try {
        const file = await documentFile(deps, userId, doc.id);
        path = `${EXPORT_FILES.receiptsFolder}${uniqueName(doc.filename, taken)}`;
        yield { name: path, bytes: file.bytes, compress: false };
      } catch (error) {
        // One unreadable file must not cost the user the rest of their export; receipts.json says so.
        deps.log.warn({ err: error, user: userId }, 'a receipt file could not be read for the export');
      }
      receipts.push({
        order_id: doc.order_id,
        path,
        original_name: doc.filename,
        size: doc.size,
        sha256: doc.sha256,
        extraction_status: doc.extraction_status,
        uploaded_at: doc.created_at,
        kind: doc.kind,
        is_primary: doc.is_primary === 1,
      });
    }
    yield text(EXPORT_FILES.receiptsJson, json(receipts));
  }
  return { filename: exportFilename(isoDate(now)), stream: zipStream(entries()) };
}
