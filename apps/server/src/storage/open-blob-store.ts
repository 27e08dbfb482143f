import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { createFsBlobStore } from './fs-blob-store';
import { createS3BlobStore, type S3Settings } from './s3-blob-store';

/** The S3 settings of `config`, or null when files stay on disk (the config checked they come together). */
export function s3SettingsOf(config: Config): S3Settings | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX ?? '',
  };
}

/** The folder of the data folder that holds the files when no S3 store is set. */
export function fsBlobDir(dataDir: string): string {
  return path.join(dataDir, 'blobs');
}

/**
 * The store receipt files are kept in: the S3 bucket when S3_* are set, else DATA_DIR/blobs. It only ever
 * receives sealed envelopes.
 */
export function openBlobStore(config: Config, dataDir: string): BlobStore {
  const s3 = s3SettingsOf(config);
  return s3 ? createS3BlobStore(s3) : createFsBlobStore(fsBlobDir(dataDir));
}
