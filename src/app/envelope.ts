/**
 * The client's one unwrapping of the `/api` envelope `{code, message, data}` (docs/product.md, Calls), for
 * calls, uploads and screens alike: code 200 gives `data`; 501 runs the "not logged in" flow;
 * 1656 (staff who must enrol their second factor first) opens the enrolment screen;
 * any other code is toasted (unless the caller shows it in place) and thrown as an
 * {@link ApiError}.
 */
import { ERRORS, NOT_LOGGED_IN_CODE, OK_CODE, type Envelope } from '../shared/codes';
import { handleEnrolmentRequired, handleNotLoggedIn } from './unauthorized';
import { showToast } from './toast-bus';

/** A non-200 envelope (or a network failure, code 0). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** How a refusal is reported. */
export interface UnwrapOptions {
  /** Do not toast the message (the caller shows it in place). */
  silent?: boolean;
  /** Run the 501 flow (clear the session, go to /login); off for answers that need no session. */
  session?: boolean;
}

/**
 * The envelope's `data` when its code is 200.
 * @throws ApiError with the envelope's code, message and data otherwise.
 */
export function unwrapEnvelope<T>(envelope: Envelope<T>, options: UnwrapOptions = {}): T {
  if (envelope.code === OK_CODE) return envelope.data;
  if (envelope.code === NOT_LOGGED_IN_CODE && options.session !== false) handleNotLoggedIn();
  else if (envelope.code === ERRORS.secondFactorEnrolmentRequired.code) handleEnrolmentRequired();
  else if (!options.silent) showToast({ text: envelope.message, tone: 'error' });
  throw new ApiError(envelope.code, envelope.message, envelope.data);
}
