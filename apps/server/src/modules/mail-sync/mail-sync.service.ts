import { randomUUID } from 'node:crypto';
import type { SyncSummary } from '@warrantly/contract/mail-sync';
import type { Purchase } from '@warrantly/contract/purchases';
import { timestamp } from '../../dates';
import { isDatabaseUnavailable } from '../../db/database';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import type { ProviderName } from '../../providers/endpoints';
import type { UserDataChanged } from '../../user-data-changes';
import { requireSignedInWith } from '../auth/provider-accounts.service';
import { findPurchases } from '../purchases/purchases.service';
import { createMailReader, type MailReaderDeps } from './mail-reader';
import * as repo from './mail-sync.repository';
import { MAX_ATTEMPTS, type SyncRun, storeOutcomes } from './store-outcomes';

export interface MailSyncDeps extends MailReaderDeps {
  db: Db;
  /** Called after a sync that created or updated purchases (calendar reminders follow). */
  onUserDataChanged: UserDataChanged;
}

/** How long a lease lasts without renewal: a crashed process's lease expires and the next run resumes. */
const LEASE_MS = 120_000;
/** Messages fetched again by id in one sync; the rest wait for the next (a sync stays a few seconds long). */
const REFETCH_PER_SYNC = 200;
/** How long a sync waits for another process's sync of the same user before giving up. */
const WAIT_FOR_OTHER_MS = 10 * 60_000;

const emptySummary = (): SyncSummary => ({
  scanned: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  errors: 0,
  items: [],
});

/**
 * Syncs a user's mailbox into purchases: candidates page by page (`mail-reader`), a few messages' purchases
 * and their processed marks per transaction, the page's checkpoint with its last batch (`store-outcomes`),
 * so a sync cut off anywhere resumes where it stopped (processed messages are skipped) and never doubles.
 * One sync per user at a time across processes, through a lease in the database.
 */
export function createMailSync(deps: MailSyncDeps) {
  const reader = createMailReader(deps);

  async function run(userId: string, provider: ProviderName, holder: string): Promise<SyncSummary> {
    const cursor = await repo.findCursor(deps.db, userId, provider);
    const source = reader.sourceFor(userId, provider);
    const state: SyncRun = {
      db: deps.db,
      userId,
      provider,
      now: deps.now,
      summary: emptySummary(),
      touched: [],
      files: deps,
      ...(deps.log ? { log: deps.log } : {}),
    };

    // Messages fetched by id first: last sync's failures (the checkpoint has moved past them), purchases
    // synced before messages were kept (their source is fetched once more when the grant allows it), and
    // rejected messages the user restored. A quarantined message is never also asked for again.
    const byId = [
      ...(await repo.quarantinedForRetry(deps.db, userId, provider, MAX_ATTEMPTS)),
      ...(await repo.messagesToRefetch(deps.db, userId, provider, REFETCH_PER_SYNC)),
    ];
    if (byId.length > 0) {
      const outcomes = await reader.readAll(
        userId,
        source,
        byId.map((id) => ({ id })),
      );
      await storeOutcomes(state, outcomes, null);
    }

    for await (const page of source.pages(cursor)) {
      state.summary.scanned += page.messages.length;
      const ids = page.messages.map((m) => m.id);
      const seen = await repo.processedIds(deps.db, userId, provider, ids);
      // Quarantined messages are never fetched here: retried above, or given up on.
      for (const id of await repo.quarantinedIds(deps.db, userId, provider, ids)) seen.add(id);
      const fresh = page.messages.filter((m) => !seen.has(m.id));
      state.summary.skipped += page.messages.length - fresh.length;
      await storeOutcomes(state, await reader.readAll(userId, source, fresh), page.cursor);
      await repo.renewLease(deps.db, userId, holder, timestamp(new Date(Date.now() + LEASE_MS)));
    }

    return { ...state.summary, items: await touchedItems(state) };
  }

  /** The purchases the sync created or enriched, each with the subject and date of its mail. */
  async function touchedItems({ userId, touched }: SyncRun): Promise<SyncSummary['items']> {
    if (touched.length === 0) return [];
    const purchases = await findPurchases(deps.db, userId, { ids: touched.map((t) => t.id) }, deps.now());
    const byId = new Map(purchases.map((purchase) => [purchase.id, purchase]));
    return touched.flatMap((t) => {
      const purchase: Purchase | undefined = byId.get(t.id);
      return purchase ? [{ ...purchase, subject: t.subject, message_date: t.date }] : [];
    });
  }

  return {
    /**
     * Runs the user's sync to its end. When another process is already syncing this user, waits for it
     * and answers its result instead of running twice.
     */
    async sync(userId: string, provider: ProviderName): Promise<SyncSummary> {
      await requireSignedInWith(deps.db, userId, provider);
      const holder = randomUUID();
      const deadline = Date.now() + WAIT_FOR_OTHER_MS;
      const seenFinish = (await repo.findLease(deps.db, userId))?.last_finished_at ?? null;
      while (
        !(await repo.acquireLease(
          deps.db,
          userId,
          holder,
          timestamp(),
          timestamp(new Date(Date.now() + LEASE_MS)),
        ))
      ) {
        if (Date.now() > deadline)
          throw new AppError('conflict', 'A mailbox sync is already running; try again shortly');
        await new Promise((r) => setTimeout(r, 250));
        const lease = await repo.findLease(deps.db, userId);
        if (lease?.holder === null && lease.last_finished_at !== seenFinish && lease.last_result) {
          return JSON.parse(lease.last_result) as SyncSummary;
        }
      }
      let summary: SyncSummary | null = null;
      try {
        summary = await run(userId, provider, holder);
        if (summary.created + summary.updated > 0) deps.onUserDataChanged(userId);
        return summary;
      } finally {
        await repo.releaseLease(
          deps.db,
          userId,
          holder,
          JSON.stringify(summary ?? { ...emptySummary(), errors: 1 }),
          timestamp(),
        );
      }
    },

    /** The users whose mailbox the background sync reads: a working account with their provider. */
    async syncableUserIds(): Promise<string[]> {
      return (await repo.syncableUsers(deps.db)).map((user) => user.id);
    },

    /**
     * One user's background sync (the `sync-mailbox` job): nothing when their mailbox cannot be read any
     * more, or when another process is syncing them right now (that sync is this one).
     */
    async syncInBackground(userId: string): Promise<void> {
      const [user] = await repo.syncableUsers(deps.db, userId);
      if (!user) return;
      const lease = await repo.findLease(deps.db, user.id);
      if (lease?.holder && lease.expires_at > timestamp()) return;
      await this.sync(user.id, user.provider);
    },

    /**
     * A background pass in this process: every user with a connected mailbox, one after another. A database
     * that stops answering ends the pass (rejected, for the caller to log); any other failure is the user's
     * own and the pass goes on.
     */
    async syncEveryone(): Promise<void> {
      for (const userId of await this.syncableUserIds()) {
        try {
          await this.syncInBackground(userId);
        } catch (error) {
          if (isDatabaseUnavailable(error)) throw error;
          deps.log?.warn({ err: error, user: userId }, 'background mailbox sync failed');
        }
      }
    },
  };
}

export type MailSync = ReturnType<typeof createMailSync>;
