/** Where encrypted receipt files live: the filesystem by default, an S3-compatible store later. */
export interface BlobStore {
  /** Writes all of `bytes` under `key` or nothing (a crash never leaves a partial blob under the key). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Writes the bytes `chunks` yields under `key`, all or nothing: when `chunks` throws midway, nothing is
   * left under the key (and what it held before stays), and the error is rethrown.
   */
  putStream(key: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  /** The bytes under `key`, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The bytes under `key` as they are read, or null when absent. The blob is the one present when this
   * resolved, even if it is replaced meanwhile; iterate it to its end (or break out of it) to release it.
   */
  getStream(key: string): Promise<AsyncIterable<Buffer> | null>;
  /** Removes `key`; absent keys are fine. */
  remove(key: string): Promise<void>;
  /**
   * Every key with its last-modified time, including interrupted writes (for the start-up sweep); with
   * `under` (a folder such as `receipts/<user>/`), only the keys that start with it, without listing the rest.
   */
  list(under?: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}
