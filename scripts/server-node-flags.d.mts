/** Node's flags for the server process (server-node-flags.mjs). */
export const SERVER_NODE_FLAGS: readonly string[];
