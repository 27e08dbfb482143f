/** Where encrypted receipt files live: the filesystem by default, an S3-compatible store later. */
export interface BlobStore {
  /** Writes all of `bytes` under `key` or nothing (a crash never leaves a partial blob under the key). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; absent keys are fine. */
  remove(key: string): Promise<void>;
  /** Every key with its last-modified time, including interrupted writes (for the start-up sweep). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
}
