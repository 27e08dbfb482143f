import { createHash } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@warrantly/contract/common';
import { claimedPhotoType, PHOTO_LABEL, type PhotoType, photoTypeOf } from '@warrantly/extract/image-type';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  /** The file as it arrived: handed to a reader as it is, gathered into `bytes` only when it is kept. */
  chunks: readonly Buffer[];
  size: number;
  /** Its first kilobyte, where a PDF's or a photo's signature is. */
  head: Buffer;
  /** The whole file, gathered on first use (10 MB gathered at once holds the server's thread for ~5 ms). */
  readonly bytes: Buffer;
  /** SHA-256 of the bytes (hex), taken chunk by chunk as they arrived rather than in one long step after. */
  sha256: string;
}

export interface FormInput {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/**
 * Reads a multipart form (or a JSON object, for API clients) into text fields and at most one file from
 * `fileFields`. Oversized files answer 413; a second file, an unknown file field, a field over its size
 * limit and a malformed, mismatched or truncated body answer 400.
 */
export async function readForm(req: FastifyRequest, fileFields: readonly string[]): Promise<FormInput> {
  if (!req.isMultipart()) {
    const type = req.headers['content-type'];
    if (type !== undefined && !type.startsWith('application/json')) {
      throw new AppError('unsupported_type', 'Unsupported Content-Type: send multipart/form-data or JSON');
    }
    const body = req.body;
    if (body === undefined || body === null) return { fields: {}, file: null };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('invalid_input', 'The request body must be a form or a JSON object');
    }
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (value === null) fields[key] = '';
      else if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = String(value);
      else throw new AppError('invalid_input', `${key}: must be text`);
    }
    return { fields, file: null };
  }

  // The first bytes of the body tell a boundary that does not match the header from a body cut short:
  // the parser reports both as "Unexpected end of multipart data".
  let head = Buffer.alloc(0);
  const keepHead = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
    if (head.length >= HEAD_BYTES) req.raw.off('data', keepHead);
  };
  try {
    const parts = req.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, fieldSize: MAX_FIELD_BYTES, files: 2, fields: 40 },
    });
    req.raw.on('data', keepHead); // in the same tick as the parser's own listener: no chunk is missed
    return await readParts(parts, fileFields);
  } catch (error) {
    throw malformed(error, req.headers['content-type'] ?? '', head);
  } finally {
    req.raw.off('data', keepHead);
  }
}

/** Longest text a form field may hold: notes are the longest at a few thousand characters. */
const MAX_FIELD_BYTES = 64 * 1024;
const HEAD_BYTES = 1024;

async function readParts(
  parts: ReturnType<FastifyRequest['parts']>,
  fileFields: readonly string[],
): Promise<FormInput> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated) {
        throw new AppError(
          'invalid_input',
          `${part.fieldname}: longer than the ${MAX_FIELD_BYTES / 1024} KB a form field may hold`,
        );
      }
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      continue;
    }
    if (!fileFields.includes(part.fieldname)) {
      await part.toBuffer().catch(() => undefined);
      throw new AppError('invalid_input', `${part.fieldname}: no file is expected in this field`);
    }
    if (file) throw new AppError('invalid_input', `${part.fieldname}: send one file only`);
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      hash.update(chunk);
      chunks.push(chunk);
      size += chunk.byteLength;
    }
    if (part.file.truncated) throw tooLarge();
    let whole: Buffer | undefined;
    file = {
      field: part.fieldname,
      filename: part.filename,
      mimetype: part.mimetype,
      chunks,
      size,
      head: headOf(chunks, HEAD_BYTES),
      get bytes() {
        whole ??= Buffer.concat(chunks, size);
        return whole;
      },
      sha256: hash.digest('hex'),
    };
  }
  return { fields, file };
}

/**
 * The multipart parser's own failures (plain errors, no code) in the API's words; ours and Fastify's
 * coded errors (size and count limits) pass through to the error handler.
 */
function malformed(error: unknown, contentType: string, head: Buffer): unknown {
  if (!(error instanceof Error) || error instanceof AppError || 'code' in error) return error;
  const boundary = /;\s*boundary=(?:"([^"]{1,200})"|([^;\s"]{1,200}))/i.exec(contentType);
  const delimiter = boundary ? `--${boundary[1] ?? boundary[2]}` : null;
  if (!delimiter) {
    return new AppError('invalid_input', 'The Content-Type header names no boundary for the multipart form', {
      cause: error,
    });
  }
  if (error.message === 'Unexpected end of multipart data') {
    const message = head.includes(delimiter)
      ? 'The form is cut off: the body ends before its closing boundary'
      : 'The body does not contain the boundary its Content-Type header declares';
    return new AppError('invalid_input', message, { cause: error });
  }
  return new AppError('invalid_input', `The multipart form is malformed (${error.message})`, {
    cause: error,
  });
}

export function tooLarge(): AppError {
  return new AppError('too_large', `The file is larger than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB limit`);
}

/** The first `length` bytes of a file that arrived in chunks. */
function headOf(chunks: readonly Buffer[], length: number): Buffer {
  const first: Buffer[] = [];
  let have = 0;
  for (const chunk of chunks) {
    if (have >= length) break;
    first.push(chunk.subarray(0, length - have));
    have += first[first.length - 1]?.byteLength ?? 0;
  }
  return Buffer.concat(first);
}

/** True when the bytes start like a PDF; names and declared types are not trusted. */
export function isPdf(bytes: Uint8Array): boolean {
  // %PDF- may follow a little leading junk (allowed by readers within the first 1 KB).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** A receipt must really be a PDF (by its bytes) and not empty; names and declared types are not trusted. */
export function checkedPdf(file: UploadedFile | null): UploadedFile | null {
  if (!file) return null;
  if (file.size === 0) throw new AppError('invalid_input', `${file.field}: the file is empty`);
  if (!isPdf(file.head)) {
    throw new AppError('unsupported_type', `${file.field}: Invalid File: Please select a valid PDF file.`);
  }
  return file;
}

/**
 * A receipt photo must be a JPEG, PNG, WebP or HEIC by its bytes, not empty, and what it says it is (its
 * declared type, or its name when the type says nothing): a file that claims to be one thing and is
 * another is refused, even when its bytes are a photo. Answers the photo with its type.
 */
export function checkedPhoto(file: UploadedFile | null): { file: UploadedFile; type: PhotoType } | null {
  if (!file) return null;
  if (file.size === 0) throw new AppError('invalid_input', `${file.field}: the file is empty`);
  const type = photoTypeOf(file.head);
  if (!type) {
    throw new AppError(
      'invalid_input',
      `${file.field}: Invalid File: Please select a photo of the receipt (JPEG, PNG, WebP or HEIC).`,
    );
  }
  const claimed = claimedPhotoType(file.mimetype, file.filename);
  if (claimed !== null && claimed !== type) {
    const says = claimed === 'other' ? file.mimetype : `a ${PHOTO_LABEL[claimed]} photo`;
    throw new AppError(
      'invalid_input',
      `${file.field}: the file says it is ${says} but its bytes are a ${PHOTO_LABEL[type]} photo; upload the photo as it was taken`,
    );
  }
  return { file, type };
}
