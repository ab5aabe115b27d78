/** Image fixtures for upload tests, generated with sharp (and one committed HEIC). */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT_DIR } from '../../src/server/config.js';

/** A JPEG with EXIF GPS coordinates and orientation 6 (rotated 90°), `width`×`height` as stored. */
export async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Nivesh QA' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 52/1 0/1' },
    })
    .toBuffer();
}

/** A plain PNG. */
export const png = (width = 300, height = 200): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();

/** A big noisy PNG larger than `bytes` (random pixels do not compress). */
export async function pngLargerThan(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 64;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 4) raw.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** A minimal PDF document. */
export const pdf = (): Buffer =>
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A HEIC (HEVC) photo made with libheif's heif-enc, committed as a fixture. */
export const heic = (): Buffer => fs.readFileSync(path.join(ROOT_DIR, 'tests/fixtures/sample-id.heic'));

/** Builds a multipart body with one `file` part. */
export function multipart(file: Buffer, filename: string, contentType: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----nivesh${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Valid Aadhaar numbers (Verhoeff check digit correct) and a corrupted one. */
export const AADHAAR_VALID = '234123412346';
export const AADHAAR_BAD_CHECK = '234123412347';
