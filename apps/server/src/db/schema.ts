import type {
  Generated,
  GeneratedAlways,
  Insertable,
  Kysely,
  Selectable,
  Transaction,
  Updateable,
} from 'kysely';

/** Booleans are stored as 0/1 in both dialects so the same queries run on SQLite and PostgreSQL. */
type Flag = number;

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  picture_url: string | null;
  provider: 'google' | 'microsoft';
  default_currency: string;
  warranty_reminder_days: number | null;
  data_version: Generated<number>;
  /** The data version the user's calendar was last brought in line with (reminders/reminder-worker.ts). */
  calendar_version: Generated<number>;
  /** sha256 (hex) of the calendar feed's secret, for look-ups; the secret itself is in feed_secret_enc. */
  feed_secret: string | null;
  /** 1 when the provider vouched for `email`: only then may another provider be linked by it. */
  email_verified: Generated<Flag>;
  /** The feed secret sealed (storage/envelope), so the app can show the feed's address again. */
  feed_secret_enc: string | null;
  /** 1 when purchases waiting for review count in the totals (the default). */
  count_pending_reviews: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface ProviderAccountsTable {
  id: Generated<number>;
  user_id: string;
  provider: 'google' | 'microsoft';
  subject: string;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  expires_at: string | null;
  scopes: string | null;
  sync_cursor: string | null;
  needs_reauth: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: string;
  order_id: string;
  product_name: string;
  shop_name: string | null;
  purchase_date: string | null;
  price: string | null;
  amount_minor: number | null;
  currency: string | null;
  /** The price in major units, derived by the database from amount_minor and currency (sorting by price). */
  amount: GeneratedAlways<number | null>;
  has_currency: Generated<Flag>;
  warranty_expire_date: string | null;
  warranty_estimated: Generated<Flag>;
  category: string | null;
  status: string;
  source: 'manual' | 'gmail' | 'outlook' | 'pdf';
  source_ref: string | null;
  line_no: Generated<number>;
  parent_id: number | null;
  replace_every_days: number | null;
  store_link: string | null;
  order_total: string | null;
  order_currency: string | null;
  /** 'pending' while an automatically read purchase waits for the user's look, 'accepted' after it. */
  review_state: ReviewState | null;
  /** Why it waits: JSON of `ReviewReason[]` (codes, never a value read from the document). */
  review_reasons: string | null;
  created_at: string;
  updated_at: string;
}

export type ReviewState = 'pending' | 'accepted';

export interface DocumentsTable {
  id: Generated<number>;
  user_id: string;
  order_id: string;
  filename: string;
  mime: string;
  size: number;
  sha256: string;
  storage_key: string;
  extraction_status: 'success' | 'partial' | 'failed';
  /** What extraction found, as JSON sealed under the file's storage key (receipts.service sealExtraction). */
  extracted_json: string | null;
  created_at: string;
  /** How the document is shown: a PDF, a photo, or an e-mail (its RFC 822 message). */
  kind: Generated<'pdf' | 'photo' | 'email'>;
  /** 1 for the one document shown as the order's receipt; its other documents are 0. */
  is_primary: Generated<Flag>;
}

/** A rejected document: only what tells it again (a message id or a file's hash), for 30 days. */
export interface RejectionsTable {
  user_id: string;
  /** `message:<provider>:<id>` or `file:<sha256>`. */
  source_key: string;
  kind: 'email' | 'pdf' | 'photo';
  rejected_at: string;
}

export interface RemindersTable {
  id: Generated<number>;
  user_id: string;
  provider: 'google' | 'microsoft';
  external_id: string | null;
  /**
   * The id chosen here for the event before the provider was asked to create it (Google's event id, Graph's
   * transactionId); set while `external_id` is null, the event is being created.
   */
  chosen_event_id: string | null;
  kind: string;
  order_row_id: number | null;
  title: string;
  event_date: string;
  rrule: string | null;
  created_at: string;
  updated_at: string;
}

export interface InteractionsTable {
  id: Generated<number>;
  user_id: string;
  tab_name: string;
  created_at: string;
}

export interface SpentSignInStatesTable {
  state_hash: string;
  expires_at: string;
}

export interface ProcessedMessagesTable {
  user_id: string;
  provider: 'google' | 'microsoft';
  message_id: string;
  /** 'order', 'shipping', 'skipped', 'duplicate' or 'error'. */
  outcome: string;
  processed_at: string;
}

/** A message whose processing failed: retried once on the next sync, then skipped for good. */
export interface QuarantinedMessagesTable {
  user_id: string;
  provider: 'google' | 'microsoft';
  message_id: string;
  /** Why it failed, in a few words: an error's code and message, never the message's content. */
  reason: string;
  attempts: number;
  first_attempt_at: string;
  last_attempt_at: string;
}

export interface SyncLeasesTable {
  user_id: string;
  holder: string | null;
  expires_at: string;
  last_result: string | null;
  last_finished_at: string | null;
}

/** A background job's kind and key: who runs it now, and on SQLite whether it is still wanted. */
export interface JobsTable {
  name: string;
  key: string;
  wanted: Generated<number>;
  attempts: Generated<number>;
  holder: string | null;
  expires_at: string | null;
  dead_reason: string | null;
  dead_at: string | null;
}

/** What a correction taught: see packages/extract memory.ts; `sealed` holds the raw key and the payload. */
export interface MemoryEntriesTable {
  id: Generated<number>;
  user_id: string;
  /** HMAC-SHA256 (hex) of the raw key under the user's memory key (derived from the master key). */
  key_hmac: string;
  kind: 'alias' | 'anchor';
  field: 'merchant' | 'total' | 'purchase_date';
  /** Sealed JSON `{ raw_key, value, anchors, count }`, bound to the row's user and key. */
  sealed: string;
  dropped: Flag;
  created_at: string;
  updated_at: string;
}

/** A rate-limit counter shared by replicas on PostgreSQL without Redis (see db/rate-limits.ts). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** Milliseconds since the epoch, on the database's clock. */
  expires_at: number;
}

export interface Database {
  users: UsersTable;
  provider_accounts: ProviderAccountsTable;
  refresh_tokens: RefreshTokensTable;
  orders: OrdersTable;
  documents: DocumentsTable;
  reminders: RemindersTable;
  interactions: InteractionsTable;
  spent_sign_in_states: SpentSignInStatesTable;
  processed_messages: ProcessedMessagesTable;
  quarantined_messages: QuarantinedMessagesTable;
  sync_leases: SyncLeasesTable;
  rejections: RejectionsTable;
  memory_entries: MemoryEntriesTable;
  jobs: JobsTable;
  rate_limits: RateLimitsTable;
}

export type Db = Kysely<Database> | Transaction<Database>;
export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type DocumentRow = Selectable<DocumentsTable>;
