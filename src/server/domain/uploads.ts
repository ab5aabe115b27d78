/**
 * Private photo uploads: the type is judged by content (magic bytes via
 * file-type), every image is decoded and re-encoded with sharp — orientation applied,
 * metadata (EXIF GPS included) dropped, longest side capped — and stored under a random key.
 * Only the owner and operators may read a file back.
 */
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp from 'sharp';
import decodeHeic from 'heic-decode';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';
import type { AuthUser } from './sessions.js';
import { newId, newToken } from './ids.js';

/** What the client gets back: the upload id and the URL its owner may fetch. */
export interface UploadView {
  id: string;
  url: string;
}

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/** Largest image decoded, in pixels (50 MP; a 16000×16000 PNG is refused from its header). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Images decoded at once per process; further uploads wait in a queue. */
export const DECODE_CONCURRENCY = 2;
/** Uploads waiting to be decoded beyond which new ones are refused at once (`uploadRateLimited`). */
export const DECODE_QUEUE_MAX = 32;

/** A queue that runs at most `concurrency` tasks at once and lets at most `maxWaiting` wait. */
export interface BoundedQueue {
  /**
   * Runs `task` when a slot is free.
   * @throws AppError `uploadRateLimited` (rejected at once) when `maxWaiting` tasks already wait.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

/** Builds a {@link BoundedQueue} (p-limit plus a cap on the waiting line). */
export function boundedQueue(concurrency: number, maxWaiting: number): BoundedQueue {
  const limit = pLimit(concurrency);
  return {
    run: (task) => (limit.pendingCount >= maxWaiting ? Promise.reject(new AppError('uploadRateLimited')) : limit(task)),
    get active() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}

const decodeQueue = boundedQueue(DECODE_CONCURRENCY, DECODE_QUEUE_MAX);

/** The process's decode queue right now: `{active, waiting}` (for tests and metrics). */
export const decodeQueueState = (): { active: number; waiting: number } => ({ active: decodeQueue.active, waiting: decodeQueue.waiting });

/**
 * Refuses an image whose header declares more than {@link MAX_INPUT_PIXELS}, before any decoding.
 * @throws AppError `uploadTooManyPixels`.
 */
async function assertPixelLimit(input: Buffer): Promise<void> {
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata(); // reads the header only
  } catch {
    return; // not readable by sharp (e.g. HEVC HEIC): the decoder below judges it
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new AppError('uploadTooManyPixels', { megapixels: MAX_INPUT_PIXELS / 1_000_000 });
}

/** The URL an upload is served from (auth required). */
export const uploadUrl = (id: string): string => `/api/oss/file/${id}`;

/**
 * Decodes an accepted image and re-encodes it as a metadata-free JPEG. At most
 * {@link DECODE_CONCURRENCY} decode at once; images over {@link MAX_INPUT_PIXELS} are refused
 * from their header.
 * @throws AppError `uploadType` (not JPEG/PNG/WebP/HEIC by content), `uploadTooManyPixels`,
 *   `uploadRateLimited` (decode queue full), `uploadUnreadable` (truncated or corrupt).
 */
export async function normalizeImage(input: Buffer, maxSide: number): Promise<{ body: Buffer; width: number; height: number }> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError('uploadType');
  await assertPixelLimit(input);
  return decodeQueue.run(() => decode(input, type.mime, maxSide));
}

/** Decodes and re-encodes one accepted image (inside the decode queue). */
async function decode(input: Buffer, mime: string, maxSide: number): Promise<{ body: Buffer; width: number; height: number }> {
  try {
    let image: ReturnType<typeof sharp>;
    if (mime === 'image/heic' || mime === 'image/heif') {
      // sharp's bundled libheif reads AVIF only; HEVC-coded HEIC (phones) goes through libheif-js.
      const decoded = await decodeHeic({ buffer: input });
      if (decoded.width * decoded.height > MAX_INPUT_PIXELS) throw new AppError('uploadTooManyPixels', { megapixels: MAX_INPUT_PIXELS / 1_000_000 });
      image = sharp(Buffer.from(decoded.data.buffer), { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS });
    } else {
      image = sharp(input, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS }).rotate(); // apply EXIF orientation, then drop it
    }
    const { data, info } = await image
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('uploadUnreadable');
  }
}

/**
 * Stores one photo for its owner.
 * @param input raw bytes as received (already limited to `uploadMaxBytes` by the route).
 * @throws AppError `uploadMissing` (empty), `uploadRateLimited` (`UPLOADS_PER_USER_PER_HOUR`
 *   reached), plus those of {@link normalizeImage}.
 */
export async function storePhoto(deps: Deps, ownerUserId: string, input: Buffer): Promise<UploadView> {
  if (input.length === 0) throw new AppError('uploadMissing');
  const since = deps.clock.now() - 3_600_000;
  const recent = await deps.db.selectFrom('uploads').select((eb) => eb.fn.countAll<number | string>().as('n')).where('owner_user_id', '=', ownerUserId).where('created_at', '>', since).executeTakeFirstOrThrow();
  if (Number(recent.n) >= deps.config.uploadsPerUserPerHour) throw new AppError('uploadRateLimited');
  const image = await normalizeImage(input, deps.config.uploadMaxSide);
  const id = newId();
  const key = newToken();
  await deps.storage.put(key, image.body, 'image/jpeg');
  try {
    await deps.db
      .insertInto('uploads')
      .values({ id, owner_user_id: ownerUserId, storage_key: key, content_type: 'image/jpeg', bytes: image.body.length, width: image.width, height: image.height, created_at: deps.clock.now() })
      .execute();
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  return { id, url: uploadUrl(id) };
}

/**
 * Reads an upload for a viewer: its owner or an operator.
 * @throws AppError `uploadNotFound` for anyone else (the same answer as a missing file).
 */
export async function readPhoto(deps: Deps, viewer: AuthUser, id: string): Promise<{ body: Buffer; contentType: string }> {
  const row = await deps.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.owner_user_id !== viewer.userId && viewer.role !== 'operator')) throw new AppError('uploadNotFound');
  const body = await deps.storage.get(row.storage_key);
  if (!body) throw new AppError('uploadNotFound');
  return { body, contentType: row.content_type };
}

/**
 * Checks that upload ids belong to a user (forms reference photos by id).
 * @throws AppError `uploadNotFound` when one does not.
 */
export async function assertOwnUploads(deps: Deps, userId: string, ids: string[]): Promise<void> {
  const rows = await deps.db.selectFrom('uploads').select('id').where('id', 'in', ids).where('owner_user_id', '=', userId).execute();
  if (new Set(rows.map((r) => r.id)).size !== new Set(ids).size) throw new AppError('uploadNotFound');
}
