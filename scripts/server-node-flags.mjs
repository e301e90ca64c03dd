// Node's flags for the server process (`npm start`, and the bench that measures it): a young
// generation of 4 MB semi-spaces instead of 16 keeps the PostgreSQL-backed server under 250 MB at
// its peak (272 → 234 MB over a start and 6 s of reads) for about 7% fewer requests per second
// on a cached read (decision 035).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

// How Node runs the server's TypeScript: its own type stripping where it has it (22.18 and later,
// 24), which starts a process about a quarter of a second of CPU sooner than the tsx loader that
// older versions still need (the code keeps to erasable syntax: tsconfig's erasableSyntaxOnly).
export const TYPESCRIPT_FLAGS = process.features.typescript ? [] : ['--import', 'tsx'];
