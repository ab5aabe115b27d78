import { ERRORS, type ErrorName } from '../shared/codes.js';

/**
 * A business error from the catalogue (`src/shared/codes.ts`), raised by every server layer (the
 * domain, the schema store, the call registry). The envelope layer turns it into
 * `{code, message, data}` with the HTTP status of its class and a localized message.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly messageId: string;
  constructor(
    readonly errorName: ErrorName,
    /** ICU values for the message, e.g. `{seconds: 42}`. */
    readonly values: Record<string, string | number> = {},
    /** Extra machine-readable detail returned as `data`, e.g. field errors. */
    readonly data: unknown = null,
  ) {
    super(errorName);
    const entry = ERRORS[errorName];
    this.code = entry.code;
    this.status = entry.status;
    this.messageId = entry.message;
  }
}
