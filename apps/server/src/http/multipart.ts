import { MAX_UPLOAD_BYTES } from '@warrantly/contract/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface FormInput {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/**
 * Reads a multipart form (or a JSON object, for API clients) into text fields and at most one file from
 * `fileFields`. Oversized files answer 413; a second file or an unknown file field answers 400.
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

  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 40 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      continue;
    }
    if (!fileFields.includes(part.fieldname)) {
      await part.toBuffer().catch(() => undefined);
      throw new AppError('invalid_input', `${part.fieldname}: no file is expected in this field`);
    }
    if (file) throw new AppError('invalid_input', `${part.fieldname}: send one file only`);
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    file = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes };
  }
  return { fields, file };
}

export function tooLarge(): AppError {
  return new AppError('too_large', `The file is larger than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB limit`);
}

/** True when the bytes start like a PDF; names and declared types are not trusted. */
export function isPdf(bytes: Uint8Array): boolean {
  // %PDF- may follow a little leading junk (allowed by readers within the first 1 KB).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}
