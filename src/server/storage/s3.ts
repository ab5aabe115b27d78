import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from './types.js';

/** Settings of the S3-compatible adapter (AWS S3, MinIO, Cloudflare R2, …). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Custom endpoint for S3-compatible services, e.g. `http://minio:9000`. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket. */
  prefix: string;
}

/**
 * Files in an S3-compatible bucket. Credentials come from the AWS SDK's default chain
 * (`AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, instance roles, …). Objects stay private:
 * the API reads and serves them after its own access check; no public URLs are handed out.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle });
  const Key = (key: string) => `${settings.prefix}${key}`;
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: Key(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: Key(key) }));
        return result.Body ? Buffer.from(await result.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: Key(key) }));
    },
  };
}
