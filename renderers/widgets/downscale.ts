/**
 * Downsizes a photo in the browser before upload: phone cameras produce 4–12 MB images; the
 * server keeps at most 2048 px anyway. Formats the browser cannot decode (e.g. HEIC outside
 * Safari) are sent as they are — the server decodes them.
 */
export const MAX_SIDE = 2048;

/** A JPEG no larger than `maxSide` on its longest side, or the original file. */
export async function downscalePhoto(file: File, maxSide = MAX_SIDE): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 1_500_000) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', 0.88));
}
