import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageNameSchema } from '@therapy/shared/catalog-schemas';
import { notFound } from '../../http/app-error.ts';

const bundledImagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/images');

/**
 * Images live in DATA_DIR/images (uploaded) and, for the demo data, in the server's assets.
 * Names are checked against a strict pattern first, so no path can leave those folders.
 */
export function createImageStore(dataDir: string) {
  const folders = [path.join(dataDir, 'images'), bundledImagesDir];
  return {
    async read(name: string): Promise<Buffer> {
      if (!imageNameSchema.safeParse(name).success) throw notFound('Image not found');
      for (const folder of folders) {
        try {
          return await readFile(path.join(folder, name));
        } catch {
          // not in this folder; try the next
        }
      }
      throw notFound('Image not found');
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
