/** Node's flags for the server process (server-node-flags.mjs). */
export const SERVER_NODE_FLAGS: readonly string[];
/** How Node runs the server's TypeScript: its own type stripping where it has it, else tsx. */
export const TYPESCRIPT_FLAGS: readonly string[];
