import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Dialect, Listen } from '../../db/database';
import type { Db } from '../../db/schema';
import { sqliteForeignCommits } from './purchases.repository';
import { dataVersion } from './purchases.service';

/** What a versioned read needs before it can answer: the user's data version and default currency. */
export interface UserVersion {
  version: number;
  defaultCurrency: string;
}

export interface DataVersions {
  /**
   * The user's version: from memory when it can be kept true (see below), answered at once, else one
   * primary-key read. A remembered version needs no promise: the hot reads answer in the same turn.
   */
  read(userId: string): UserVersion | Promise<UserVersion>;
  /**
   * The user's version when `read` would answer it from memory with nothing to check first; else
   * undefined, and `read` is the way.
   */
  remembered(userId: string): UserVersion | undefined;
  /**
   * The handle every part of the app writes through: on SQLite it forgets a user's remembered version
   * whenever a statement moves it (see VersionWatch); on PostgreSQL it is `db` itself.
   */
  watch<D extends { withPlugin(plugin: KyselyPlugin): D }>(db: D): D;
  /** Stops listening for other writers' changes (PostgreSQL). */
  close(): Promise<void>;
}

/** The channel PostgreSQL announces moved versions on (migration 20261125T1200_version_notify). */
export const VERSIONS_CHANNEL = 'warrantly_data_versions';
/**
 * How long after this process ran a statement that moves a user's version their version is read from the
 * database rather than remembered: its transaction may not have committed yet, and the notification that
 * follows the commit takes a moment. Transactions here last milliseconds.
 */
const WRITING_MS = 5000;

/** Users whose version is remembered at most (a few dozen bytes each). */
const REMEMBERED_USERS = 100_000;
/** How often a read checks whether another process wrote to the SQLite file meanwhile. */
const FOREIGN_CHECK_MS = 1000;

/**
 * On SQLite this process is the database's only writer, so the version a conditional request needs can
 * be kept in memory. It is never set ahead of the database: a statement that moves a version (an update of
 * users.data_version or default_currency, a deleted user) makes it forgotten, before and after it runs,
 * and the next read takes it from the database. Inside a transaction that read waits for the commit, as
 * Kysely holds SQLite's one connection for the whole transaction; `epoch` stops a read that began before
 * a change from remembering what it read after the change was made. Another process writing to the file
 * (a script, a test seeding rows) is noticed by SQLite's own commit counter, checked at most once a
 * second: then everything remembered is forgotten.
 * On PostgreSQL see listenedVersions; without a way to LISTEN, every request reads the version.
 */
export function createDataVersions(db: Db, dialect: Dialect, listen?: Listen): DataVersions {
  const read = async (userId: string): Promise<UserVersion> => {
    const { version, defaultCurrency } = await dataVersion(db, userId);
    return { version, defaultCurrency };
  };
  if (dialect === 'postgres') {
    return listen
      ? listenedVersions(read, listen)
      : { read, remembered: () => undefined, watch: (h) => h, close: async () => {} };
  }

  const remembered = new LRUCache<string, UserVersion>({ max: REMEMBERED_USERS });
  let epoch = 0;
  const forget = (userId: string | null) => {
    epoch += 1;
    if (userId === null) remembered.clear();
    else remembered.delete(userId);
  };
  const plugin = new VersionWatch(forget);
  let checkedAt = 0;
  let foreignCommits: number | undefined;
  let checking: Promise<void> | null = null;
  const checkForeignWrites = async () => {
    const commits = await sqliteForeignCommits(db);
    if (foreignCommits !== undefined && commits !== foreignCommits) forget(null);
    foreignCommits = commits;
  };
  const readAndRemember = async (userId: string) => {
    if (checking) await checking;
    const known = remembered.get(userId);
    if (known) return known;
    const before = epoch;
    const fresh = await read(userId);
    if (epoch === before) remembered.set(userId, fresh);
    return fresh;
  };
  return {
    read(userId) {
      const at = Date.now();
      if (at - checkedAt >= FOREIGN_CHECK_MS) {
        checkedAt = at;
        checking = checkForeignWrites().finally(() => {
          checking = null;
        });
      }
      return (!checking && remembered.get(userId)) || readAndRemember(userId);
    },
    remembered(userId) {
      // A foreign-write check due is started by `read`.
      if (checking || Date.now() - checkedAt >= FOREIGN_CHECK_MS) return undefined;
      return remembered.get(userId);
    },
    watch: (handle) => handle.withPlugin(plugin),
    close: async () => {},
  };
}

/**
 * PostgreSQL, where other replicas and scripts write too: versions are remembered only while this process
 * hears the database's notifications of moved versions (a trigger on users sends them at commit), and a
 * notification forgets its user's. Without the LISTEN connection (not yet up, or lost) every read goes to
 * the database, and what was remembered is forgotten when it comes back, as changes may have been missed.
 * A user this process is writing is read from the database until shortly after (WRITING_MS): a read between
 * its statement and its commit would otherwise remember the version the commit is about to move.
 */
function listenedVersions(read: (userId: string) => Promise<UserVersion>, listen: Listen): DataVersions {
  const remembered = new LRUCache<string, UserVersion>({ max: REMEMBERED_USERS });
  const writing = new LRUCache<string, number>({ max: REMEMBERED_USERS });
  let everyoneWritingUntil = 0;
  let hearing = false;
  let epoch = 0;
  const forget = (userId: string | null) => {
    epoch += 1;
    if (userId === null) remembered.clear();
    else remembered.delete(userId);
  };
  const stop = listen(VERSIONS_CHANNEL, {
    ready() {
      forget(null);
      hearing = true;
    },
    lost() {
      hearing = false;
      forget(null);
    },
    message: (userId) => forget(userId),
  });
  const plugin = new VersionWatch((userId) => {
    forget(userId);
    const until = Date.now() + WRITING_MS;
    if (userId === null) everyoneWritingUntil = until;
    else writing.set(userId, until);
  });
  const readAndRemember = async (userId: string) => {
    const before = epoch;
    const fresh = await read(userId);
    if (epoch === before && hearing) remembered.set(userId, fresh);
    return fresh;
  };
  const settled = (userId: string) => {
    const now = Date.now();
    return hearing && now >= everyoneWritingUntil && now >= (writing.get(userId) ?? 0);
  };
  return {
    read(userId) {
      if (!settled(userId)) return read(userId);
      return remembered.get(userId) ?? readAndRemember(userId);
    },
    remembered: (userId) => (settled(userId) ? remembered.get(userId) : undefined),
    watch: (handle) => handle.withPlugin(plugin),
    close: stop,
  };
}

/**
 * Sees every statement the app runs (bumpDataVersion, reminder settings, account deletion, whatever comes
 * next) and tells which user's version it moves: `id = ?` of an update of users that sets data_version or
 * default_currency, or of a delete from users; null (everyone) when the statement names no single user.
 */
class VersionWatch implements KyselyPlugin {
  readonly #moving = new WeakMap<QueryId, string | null>();

  constructor(private readonly forget: (userId: string | null) => void) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const moved = movedVersion(node);
    if (moved !== undefined) {
      this.forget(moved);
      this.#moving.set(queryId, moved);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#moving.has(queryId)) this.forget(this.#moving.get(queryId) ?? null);
    return result;
  }
}

type Node = OperationNode & Record<string, unknown>;
const VERSIONED_COLUMNS = new Set(['data_version', 'default_currency']);

/** undefined: the statement moves no version; a user id; null: it may move anyone's. */
function movedVersion(node: RootOperationNode): string | null | undefined {
  const root = node as unknown as Node;
  if (root.kind === 'UpdateQueryNode') {
    if (!isUsers(root.table)) return undefined;
    const updates = (root.updates ?? []) as Node[];
    if (!updates.some((u) => VERSIONED_COLUMNS.has(columnName(u.column) ?? ''))) return undefined;
    return userIdOf(root.where);
  }
  if (root.kind === 'DeleteQueryNode') {
    const froms = ((root.from as Node | undefined)?.froms ?? []) as Node[];
    return froms.some(isUsers) ? userIdOf(root.where) : undefined;
  }
  return undefined;
}

function isUsers(table: unknown): boolean {
  const node = table as Node | undefined;
  if (node?.kind === 'AliasNode') return isUsers(node.node);
  const identifier = (node?.table as Node | undefined)?.identifier as Node | undefined;
  return node?.kind === 'TableNode' && identifier?.name === 'users';
}

function columnName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (n?.kind === 'ReferenceNode') return columnName(n.column);
  if (n?.kind === 'ColumnNode') return (n.column as Node).name as string;
  return undefined;
}

/** The value of a `id = value` condition, alone or and-ed with others; null when there is none. */
function userIdOf(where: unknown): string | null {
  const find = (node: Node | undefined): string | null => {
    if (!node) return null;
    if (node.kind === 'AndNode') return find(node.left as Node) ?? find(node.right as Node);
    if (node.kind === 'ParensNode') return find(node.node as Node);
    if (node.kind !== 'BinaryOperationNode') return null;
    const operator = (node.operator as Node).operator;
    const value = node.rightOperand as Node;
    const isId = columnName(node.leftOperand) === 'id';
    return operator === '=' && isId && value.kind === 'ValueNode' && typeof value.value === 'string'
      ? value.value
      : null;
  };
  return find((where as Node | undefined)?.where as Node | undefined);
}
