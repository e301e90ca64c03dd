import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageNameSchema } from '@therapy/shared/catalog-schemas';
import { notFound } from '../../http/app-error.ts';

const bundledImagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/images');

/** Uploaded photos: 'photo-' and 32 hex digits of their content's SHA-256 (ADR 029). */
const HASHED_NAME = /^photo-[0-9a-f]{32}\.webp$/;

export type StoredImage = {
  body: Buffer;
  contentType: 'image/png' | 'image/webp';
  /** A content-hashed name never changes content: cache it for good. */
  immutable: boolean;
  etag: string;
};

/**
 * Images live in DATA_DIR/images (uploaded) and, for the demo data, in the server's assets.
 * Names are checked against a strict pattern first, so no path can leave those folders.
 */
export function createImageStore(dataDir: string) {
  const uploadDir = path.join(dataDir, 'images');
  const folders = [uploadDir, bundledImagesDir];

  async function read(name: string): Promise<Buffer> {
    if (!imageNameSchema.safeParse(name).success) throw notFound('Image not found');
    for (const folder of folders) {
      try {
        return await readFile(path.join(folder, name));
      } catch {
        // not in this folder; try the next
      }
    }
    throw notFound('Image not found');
  }

  return {
    read,

    /** The image with what its answer needs: content type, caching, ETag. */
    async load(name: string): Promise<StoredImage> {
      const body = await read(name);
      return {
        body,
        contentType: name.endsWith('.webp') ? 'image/webp' : 'image/png',
        immutable: HASHED_NAME.test(name),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
    },

    /** Stores a WebP under its content-hashed name (written whole, then renamed into place). */
    async saveWebp(body: Buffer): Promise<string> {
      const name = `photo-${createHash('sha256').update(body).digest('hex').slice(0, 32)}.webp`;
      await mkdir(uploadDir, { recursive: true });
      const temporary = path.join(uploadDir, `.${name}.${process.pid}.tmp`);
      await writeFile(temporary, body);
      await rename(temporary, path.join(uploadDir, name));
      return name;
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
