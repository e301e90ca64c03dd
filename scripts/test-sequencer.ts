import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the suite's files start in: the longest first, the browser files and the API files
 * mixed, so the two workers end together instead of one finishing a long file alone, and a
 * browser file's CPU overlaps an API file's waiting. The base sequencer runs one project after the
 * other and, on a fresh clone (no vitest cache, as in CI), the rest in the order of the folders.
 *
 * A file's length: this machine's last run of it (vitest's cache), else `test-weights.json`
 * (seconds, a reference run's; `npm test -- --reporter=json` gives new ones), else a short one.
 */
const weightsFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-weights.json');
const referenceSeconds: Record<string, number> = JSON.parse(readFileSync(weightsFile, 'utf8'));
const UNKNOWN_MS = 2_000;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const lengthOf = (file: TestSpecification) => {
      const relative = path.relative(root, file.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${file.project.name}:${relative}`);
      // A file that failed last time first, as the base sequencer does.
      if (cached) return cached.failed ? Number.POSITIVE_INFINITY : cached.duration;
      const reference = referenceSeconds[relative];
      return reference === undefined ? UNKNOWN_MS : reference * 1000;
    };
    const lengths = new Map(files.map((file) => [file, lengthOf(file)]));
    return [...files].sort((a, b) => (lengths.get(b) ?? 0) - (lengths.get(a) ?? 0));
  }
}
