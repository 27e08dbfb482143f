import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from './blob-store';
import { checkedKey } from './fs-blob-store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prepended to every key (`warrantly/`), so the files can share a bucket; '' for none. */
  prefix: string;
}

export interface S3StoreOptions {
  /**
   * A write up to this size is one PutObject; a larger one a multipart upload of parts this size, so at
   * most one part is held in memory. S3 wants parts of at least 5 MiB (but the last).
   */
  partSize?: number;
  /** Keys per ListObjectsV2 page (S3's own maximum is 1000). */
  listPageSize?: number;
}

const MiB = 1024 * 1024;

/**
 * Blobs as objects in an S3-compatible bucket. A write is all or nothing as S3 makes it: a PutObject or a
 * multipart upload replaces the object only once complete, and a failed multipart upload is aborted.
 */
export function createS3BlobStore(settings: S3Settings, options: S3StoreOptions = {}): BlobStore {
  const partSize = Math.max(options.partSize ?? 8 * MiB, 5 * MiB);
  const pageSize = options.listPageSize ?? 1000;
  // Loaded on first use: the SDK is some megabytes of module source a server on disk never needs.
  let connecting: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk, settings) })));
  const Bucket = settings.bucket;
  const prefix = normalPrefix(settings.prefix);
  const objectKey = (key: string) => `${prefix}${checkedKey(key)}`;

  const read = async (key: string) => {
    const { sdk, client } = await connect();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no body for ${key}`);
      return answer.Body;
    } catch (error) {
      if (isAbsent(error)) return null;
      throw storeError('read', key, error);
    }
  };

  const write = async (key: string, chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) => {
    const Key = objectKey(key);
    const { sdk, client } = await connect();
    let held: Uint8Array[] = [];
    let heldLength = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    const sendPart = async () => {
      const PartNumber = parts.length + 1;
      const body = Buffer.concat(held, heldLength);
      held = [];
      heldLength = 0;
      const answer = await client.send(
        new sdk.UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ ETag: answer.ETag as string, PartNumber });
    };
    try {
      for await (const chunk of chunks) {
        held.push(chunk);
        heldLength += chunk.byteLength;
        if (heldLength < partSize) continue;
        uploadId ??= (await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key }))).UploadId;
        await sendPart();
      }
      if (uploadId === undefined) {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: Buffer.concat(held, heldLength) }));
        return;
      }
      if (heldLength > 0) await sendPart();
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      if (uploadId !== undefined) {
        // The parts are invisible under the key; an abort that fails too (s3rver has none) leaves them to
        // the bucket's lifecycle rule for incomplete uploads. The write's own error is the one that matters.
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw storeError('write', key, error);
    }
  };

  return {
    put: (key, bytes) => write(key, [bytes]),
    putStream: write,
    async get(key) {
      const body = await read(key);
      if (!body) return null;
      const parts: Buffer[] = [];
      for await (const part of body) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },
    // The object S3 started sending is the one read to the end, whatever replaces it meanwhile.
    getStream: read,
    async remove(key) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        throw storeError('remove', key, error);
      }
    },
    async *list(under = '') {
      const { sdk, client } = await connect();
      const listed = prefix + under;
      let ContinuationToken: string | undefined;
      do {
        const page = await client
          .send(
            new sdk.ListObjectsV2Command({
              Bucket,
              MaxKeys: pageSize,
              ...(listed ? { Prefix: listed } : {}),
              ...(ContinuationToken ? { ContinuationToken } : {}),
            }),
          )
          .catch((error: unknown) => {
            throw storeError('list', listed || '/', error);
          });
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function newClient(sdk: typeof import('@aws-sdk/client-s3'), settings: S3Settings): S3Client {
  return new sdk.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: self-hosted stores (s3rver, older MinIO) reject the SDK's
    // default CRC32 trailers, and every file is an authenticated envelope anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it forever.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
}

/** `warrantly`, `/warrantly/` and `warrantly/` all mean the folder `warrantly/`; '' the bucket's root. */
function normalPrefix(prefix: string): string {
  let start = 0;
  let end = prefix.length;
  while (start < end && prefix[start] === '/') start++;
  while (end > start && prefix[end - 1] === '/') end--;
  const trimmed = prefix.slice(start, end);
  return trimmed ? `${trimmed}/` : '';
}

function isAbsent(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** The SDK's errors name the operation only; the server log should say which file and what went wrong. */
function storeError(action: string, key: string, cause: unknown): Error {
  if (!(cause instanceof Error) || !('$metadata' in cause)) return cause as Error;
  const status = (cause as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return new Error(
    `The S3 store failed to ${action} ${key}: ${cause.name}${status ? ` (HTTP ${status})` : ''}: ${cause.message}`,
    { cause },
  );
}
