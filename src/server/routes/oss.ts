/**
 * `oss/uploadPhoto` (docs/product.md, Calls): multipart upload of one image,
 * and `GET /api/oss/file/:id`, which serves it to its owner or an operator only.
 */
import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../http/calls.js';
import { resolveAuth } from '../http/calls.js';
import { ok, requestLocale } from '../http/envelope.js';
import type { Deps } from '../domain/deps.js';
import { AppError } from '../domain/errors.js';
import { readPhoto, storePhoto } from '../domain/uploads.js';

/** `oss/uploadPhoto`'s answer: the upload's id and where it is served. */
const UPLOAD_VIEW = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'url'],
  properties: { id: { type: 'string' }, url: { type: 'string', description: 'GET with the token: the stored photo' } },
};

export function ossRoutes(app: FastifyInstance, calls: CallRegistry, deps: Deps): void {
  calls.declareUpload('oss/uploadPhoto', 'user', 'command', UPLOAD_VIEW);

  app.post('/api/oss/uploadPhoto', async (request) => {
    const auth = (await resolveAuth(deps, request, 'user'))!;
    if (!request.isMultipart()) throw new AppError('uploadMissing');
    let body: Buffer;
    try {
      const part = await request.file({ limits: { fileSize: deps.config.uploadMaxBytes, files: 1 } });
      if (!part) throw new AppError('uploadMissing');
      body = await part.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('uploadTooLarge', { mb: Math.round(deps.config.uploadMaxBytes / 1_048_576) });
      throw new AppError('uploadMissing');
    }
    return ok(deps.messages, requestLocale(request), await storePhoto(deps, auth.userId, body));
  });

  app.get<{ Params: { id: string } }>('/api/oss/file/:id', async (request, reply) => {
    const auth = (await resolveAuth(deps, request, 'user'))!;
    const file = await readPhoto(deps, auth, request.params.id);
    return reply
      .header('Content-Type', file.contentType)
      .header('Cache-Control', 'private, max-age=300')
      .header('Content-Disposition', 'inline; filename="photo.jpg"')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(file.body);
  });
}
