/**
 * The app is written against React's API and typed with React's types, but runs on Preact and
 * preact/compat (decision 064): React and React DOM alone were 68 of the first screen's 81.6 kB,
 * Preact and its compat layer are about 10. JSX compiles to Preact's own runtime.
 */
export const PREACT_FOR_REACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
];
