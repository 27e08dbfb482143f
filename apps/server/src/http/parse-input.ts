import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * Validates `input` with a contract schema; failures become one 400 naming each field and what is wrong.
 * With `labels` (a form's field names as the user sees them), each message is said in words: 'Purchase
 * date is required', not 'purchase_date: is required'; a message that starts with the label stands as it
 * is. `fields` holds each refused field's message by its API name, for a form to show beside the field.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  labels: Readonly<Record<string, string>> = {},
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  const message = result.error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      const missing = issue.code === 'invalid_type' && issue.input === undefined;
      const said = inWords(field, missing ? 'is required' : issue.message, labels[field]);
      if (field && !(field in fields)) fields[field] = said;
      return said;
    })
    .join('; ');
  throw new AppError('invalid_input', message, Object.keys(fields).length > 0 ? { fields } : {});
}

function inWords(field: string, message: string, label: string | undefined): string {
  if (!field) return message;
  if (!label) return `${field}: ${message}`;
  if (message.startsWith(label)) return message;
  return /^[a-z]/.test(message) ? `${label} ${message}` : `${label}: ${message}`;
}

/** A numeric id from a path; anything else cannot name a row, so it answers 404 rather than 400 or 500. */
export function parseId(value: unknown, what = 'Purchase'): number {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', `${what} not found`);
  return id;
}
