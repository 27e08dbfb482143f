import type { z } from 'zod';
import { AppError } from '../errors';

/** Validates `input` with a contract schema; failures become one 400 naming each field and what is wrong. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const message = result.error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      if (issue.code === 'invalid_type' && issue.input === undefined) return `${field}: is required`;
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
  throw new AppError('invalid_input', message);
}

/** A numeric id from a path; anything else cannot name a row, so it answers 404 rather than 400 or 500. */
export function parseId(value: unknown, what = 'Purchase'): number {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', `${what} not found`);
  return id;
}
