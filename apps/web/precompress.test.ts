import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

describe('the build’s compressed copies (decision 037)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz beside each text file worth it, and leaves the rest alone', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'therapy-precompress-'));
    dirs.push(root);
    const dist = path.join(root, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await mkdir(path.join(dist, '.vite'));
    const script = 'export const greeting = "hello";\n'.repeat(200);
    await writeFile(path.join(dist, 'assets', 'index-a1.js'), script);
    await writeFile(path.join(dist, 'assets', 'tiny-b2.js'), 'export {};');
    await writeFile(path.join(dist, 'assets', 'photo-c3.png'), Buffer.alloc(4096));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ big: 'x'.repeat(4096) }));
    await writeFile(path.join(dist, 'index.html'), `<html>${'<p>page</p>'.repeat(300)}</html>`);
    await writeFile(path.join(dist, 'favicon.svg'), `<svg>${'<g/>'.repeat(400)}</svg>`);

    const plugin = precompress() as unknown as {
      configResolved(config: { root: string; build: { outDir: string } }): void;
      closeBundle(): Promise<void>;
    };
    plugin.configResolved({ root, build: { outDir: 'dist' } });
    await plugin.closeBundle();

    expect((await readdir(path.join(dist, 'assets'))).sort()).toEqual([
      'index-a1.js',
      'index-a1.js.br',
      'index-a1.js.gz',
      'photo-c3.png',
      'tiny-b2.js',
    ]);
    expect(await readdir(path.join(dist, '.vite'))).toEqual(['manifest.json']);
    expect((await readdir(dist)).sort()).toEqual([
      '.vite',
      'assets',
      'favicon.svg',
      'favicon.svg.br',
      'favicon.svg.gz',
      'index.html',
    ]);
    const brotli = await readFile(path.join(dist, 'assets', 'index-a1.js.br'));
    expect(brotli.length).toBeLessThan(script.length / 20);
    expect(brotliDecompressSync(brotli).toString()).toBe(script);
    expect(gunzipSync(await readFile(path.join(dist, 'assets', 'index-a1.js.gz'))).toString()).toBe(script);
  });
});
