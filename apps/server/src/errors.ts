/** Every failure a service or adapter reports; the status follows from the code. */
export type ErrorCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'rejected_document'
  | 'reauth_required'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited'
  | 'provider_failed'
  | 'unavailable'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  /** An upload of a document the user rejected: the answer carries `restore_id` to restore it. */
  rejected_document: 409,
  /** The provider grant is gone (disconnected, revoked): the user must sign in with the provider again. */
  reauth_required: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  override name = 'AppError';
  /** Refused form fields by their API name, each with what is wrong in words (answered as `fields`). */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** On `rejected_document`: the id that restores the document. */
  readonly restoreId: string | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions & { fields?: Record<string, string>; restoreId?: string },
  ) {
    super(message, options);
    this.fields = options?.fields;
    this.restoreId = options?.restoreId;
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** A 400 for form fields: the message says each field's fault in words; `fields` names them for a form. */
export function invalidFields(fields: Record<string, string>): AppError {
  return new AppError('invalid_input', Object.values(fields).join('; '), { fields });
}

/**
 * Input refused for what it is, over one of the readers' caps (packages/extract/src/limits.ts): the same
 * bytes are refused the same way every time, so nothing is gained by reading them again.
 */
export class InputOverLimit extends AppError {
  override name = 'InputOverLimit';
  constructor(message: string) {
    super('invalid_input', message);
  }
}
