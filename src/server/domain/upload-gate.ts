/**
 * The one place money code checks a deposit's screenshot reference (issue 4: `screenshotId`
 * names a photo the user uploaded with the photo widget).
 */
import { AppError } from './errors.js';
import type { Deps } from './deps.js';

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Checks that `id` names one of the user's own uploads.
 *
 * TODO(integrator, issue 3 uploads): only the id's format is checked so far. Wire the
 * ownership check here — `await assertOwnUploads(deps, userId, [id])` from `./uploads.js`
 * (table `uploads`: `id`, `owner_user_id`; migration 0003) — and map its `uploadNotFound` to
 * `screenshotInvalid` or keep it; then add a foreign key from `deposits.screenshot_upload_id`.
 * @throws AppError `screenshotInvalid`.
 */
export async function assertScreenshotUpload(_deps: Deps, _userId: string, id: string): Promise<void> {
  if (!UPLOAD_ID.test(id)) throw new AppError('screenshotInvalid');
}
