import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the server sends as files; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this, the headers weigh more than the saving. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every text file of the build (decision 037): the server sends
 * them as they are to a browser that accepts them (@fastify/static's preCompressed), so a phone
 * downloads a third of the JavaScript and the server compresses nothing per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await textFilesUnder(outDir)) {
        const body = await readFile(file);
        if (body.length < MIN_BYTES) continue;
        await writeFile(
          `${file}.br`,
          await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        await writeFile(`${file}.gz`, await gzipped(body, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/** The build's text files, without index.html (the server sends it from memory) and the manifest. */
async function textFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const files: string[] = [];
  for (const entry of entries) {
    const file = path.join(dir, entry);
    if (!COMPRESSIBLE.test(entry) || entry.startsWith('.vite')) continue;
    if ((await stat(file)).isFile()) files.push(file);
  }
  return files;
}
