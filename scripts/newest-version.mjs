// Reads `npm view PKG@RANGE version --json` on stdin (one version or a list) and prints the newest.
import { readFileSync } from 'node:fs';

const parts = (version) => version.split('.').map(Number);
const versions = [JSON.parse(readFileSync(0, 'utf8'))].flat();
versions.sort((a, b) => {
  const [x, y] = [parts(a), parts(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
});
console.log(versions.at(-1));
