/**
 * Private photo uploads (issue 3 "Uploads"): the type is judged by content (magic bytes via
 * file-type), every image is decoded and re-encoded with sharp — orientation applied,
 * metadata (EXIF GPS included) dropped, longest side capped — and stored under a random key.
 * Only the owner and operators may read a file back.
 */
import { fileTypeFromBuffer } from 'file-type';
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

/** The URL an upload is served from (auth required). */
export const uploadUrl = (id: string): string => `/api/oss/file/${id}`;

/**
 * Decodes an accepted image and re-encodes it as a metadata-free JPEG.
 * @throws AppError `uploadType` (not JPEG/PNG/WebP/HEIC by content), `uploadUnreadable`
 *   (truncated or corrupt).
 */
export async function normalizeImage(input: Buffer, maxSide: number): Promise<{ body: Buffer; width: number; height: number }> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError('uploadType');
  try {
    let image: ReturnType<typeof sharp>;
    if (type.mime === 'image/heic' || type.mime === 'image/heif') {
      // sharp's bundled libheif reads AVIF only; HEVC-coded HEIC (phones) goes through libheif-js.
      const decoded = await decodeHeic({ buffer: input });
      image = sharp(Buffer.from(decoded.data.buffer), { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
    } else {
      image = sharp(input, { failOn: 'truncated' }).rotate(); // apply EXIF orientation, then drop it
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
 * @throws AppError `uploadMissing` (empty), plus those of {@link normalizeImage}.
 */
export async function storePhoto(deps: Deps, ownerUserId: string, input: Buffer): Promise<UploadView> {
  if (input.length === 0) throw new AppError('uploadMissing');
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
