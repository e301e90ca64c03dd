/**
 * The Node.js lines the product supports (decision 051): 24 LTS, on which CI tests, and 22 LTS.
 * Node 20 reached its end of life on 30 April 2026; 20.19 still starts, with a line saying so.
 */
export const TESTED_NODE_MAJOR = 24;
const OLDEST_SUPPORTED_MAJOR = 22;

/** The line the server prints at start on a Node past its end of life, else undefined. */
export function nodeEndOfLifeLine(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (!Number.isInteger(major) || major >= OLDEST_SUPPORTED_MAJOR) return undefined;
  return `Node.js ${version} is past its end of life (Node 20 ended on 30 April 2026): it still runs, but install Node.js ${TESTED_NODE_MAJOR} LTS (or 22 LTS) for security fixes.`;
}
