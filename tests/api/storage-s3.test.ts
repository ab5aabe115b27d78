/**
 * Uploads on S3-compatible storage. MinIO cannot be installed here
 * (neither Debian nor npm carries its server), so the adapter (`storage/s3.ts`, the real AWS
 * SDK) runs against s3rver, an S3-compatible server from npm, over real HTTP with signed
 * requests: object round trip, a missing key, and two API servers on one bucket — a photo
 * uploaded through one is served by the other, as behind a load balancer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../src/server/storage/s3.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { uploadPhoto } from '../support/money.js';

const BUCKET = 'nivesh-uploads';
let s3: S3rver;
let endpoint: string;
let directory: string;
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  // The SDK's default credential chain reads these; s3rver checks the signature against them.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(directory, { recursive: true, force: true });
  process.env.AWS_ACCESS_KEY_ID = savedEnv.id;
  process.env.AWS_SECRET_ACCESS_KEY = savedEnv.secret;
  if (savedEnv.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
  if (savedEnv.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
});

describe('S3-compatible upload storage (s3rver)', () => {
  it('stores, reads and deletes an object under its prefix; a missing key reads as null', async () => {
    const storage = s3Storage({ bucket: BUCKET, region: 'ap-south-1', endpoint, forcePathStyle: true, prefix: 'adapter/' });
    const body = Buffer.from('नमस्ते, object storage');
    await storage.put('a/b.txt', body, 'text/plain');
    expect(await storage.get('a/b.txt')).toEqual(body);
    // The prefix is part of the key in the bucket.
    expect(fs.readdirSync(path.join(directory, BUCKET))).toContain('adapter');
    await storage.delete('a/b.txt');
    expect(await storage.get('a/b.txt')).toBeNull();
    expect(await storage.get('never/written')).toBeNull();
  });

  it('serves a photo uploaded through one server from another on the same bucket and database', async () => {
    const env = { STORAGE_DRIVER: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1', S3_PREFIX: 'uploads/' };
    const first: TestServer = await startTestServer(env);
    try {
      // A second app on the first one's database: only the bucket can carry the file across.
      const second: TestServer = await startTestServer(env, { dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl });
      try {
        const { token } = await first.registerUser();
        const id = await uploadPhoto(first, token);
        // The file is in the bucket, not on either server's disk.
        expect(fs.readdirSync(path.join(directory, BUCKET, 'uploads')).length).toBeGreaterThan(0);
        expect(fs.existsSync(path.join(first.config.dataDir, 'uploads'))).toBe(false);
        const served = await second.app.inject({ method: 'GET', url: `/api/oss/file/${id}?lang=en`, headers: { authorization: `Bearer ${token}` } });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toMatch(/^image\//);
        expect(served.rawPayload.length).toBeGreaterThan(0);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  });
});
