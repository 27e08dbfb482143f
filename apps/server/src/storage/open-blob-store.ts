import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { createFsBlobStore } from './fs-blob-store';

/** The receipt files' store the configuration names: DATA_DIR/blobs on the filesystem. */
export async function openBlobStore(_config: Config, dataDir: string): Promise<BlobStore> {
  return createFsBlobStore(path.join(dataDir, 'blobs'));
}
