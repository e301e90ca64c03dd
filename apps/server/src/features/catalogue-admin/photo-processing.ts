import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_SIDE,
  MIN_PHOTO_SIDE,
  PHOTO_TYPES,
} from '@therapy/shared/catalogue-admin-schemas';
import { AppError, badRequest } from '../../http/app-error.ts';

/** The longest side a stored photo keeps: enough for the cards, small to send. */
export const STORED_PHOTO_SIDE = 800;

/** What each content type's bytes must decode as (sharp's format names). */
const FORMAT_OF: Record<(typeof PHOTO_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

export const UNSUPPORTED_PHOTO_TYPE = `Content-Type must be ${PHOTO_TYPES.join(', ')}`;

/**
 * Checks an uploaded photo (declared type, decoded content, size and dimensions) and re-encodes
 * it to WebP: turned upright, at most STORED_PHOTO_SIDE on its longer side, no metadata kept.
 */
export async function processPhoto(body: unknown, contentType: string | undefined): Promise<Buffer> {
  const declared = (contentType ?? '').split(';')[0]!.trim().toLowerCase() as (typeof PHOTO_TYPES)[number];
  if (!PHOTO_TYPES.includes(declared) || !Buffer.isBuffer(body))
    throw new AppError(415, UNSUPPORTED_PHOTO_TYPE);
  if (body.length > MAX_PHOTO_BYTES)
    throw new AppError(413, `The photo must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
  // Loaded on the first upload: a platform without sharp's prebuilt binary still starts.
  const { default: sharp } = await import('sharp');
  const image = sharp(body, { limitInputPixels: MAX_PHOTO_SIDE * MAX_PHOTO_SIDE, failOn: 'error' });
  const metadata = await image.metadata().catch(() => {
    throw badRequest('The photo is not a PNG, JPEG or WebP image');
  });
  if (metadata.format !== FORMAT_OF[declared]) {
    throw badRequest(`The photo's content is not ${declared} (it is ${metadata.format ?? 'unknown'})`);
  }
  const { width = 0, height = 0 } = metadata;
  if (Math.min(width, height) < MIN_PHOTO_SIDE || Math.max(width, height) > MAX_PHOTO_SIDE) {
    throw badRequest(
      `The photo must be from ${MIN_PHOTO_SIDE}×${MIN_PHOTO_SIDE} to ${MAX_PHOTO_SIDE}×${MAX_PHOTO_SIDE} pixels (it is ${width}×${height})`,
    );
  }
  try {
    return await image
      .rotate()
      .resize(STORED_PHOTO_SIDE, STORED_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('The photo could not be read: it may be damaged');
  }
}
