/**
 * The domain's name for the server's one error type (`src/server/errors.ts`), so domain code
 * and its callers import errors from beside the rules that raise them.
 */
export { AppError } from '../errors.js';
