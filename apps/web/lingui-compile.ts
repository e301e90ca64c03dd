import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /\/src\/i18n\/(en|hi)\/[\w-]+\.json$/;

/**
 * Compiles the message catalogues' ICU strings at build time (decision 042), so the browser gets
 * Lingui's compiled form and neither the parser nor the compiler ships. The output is still JSON,
 * so Vite's own JSON handling (and a plain import under Vitest, which compiles at run time) works.
 */
export function linguiCompile(): Plugin {
  return {
    name: 'lingui-compile-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const source = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([key, message]) => [key, smallest(compileMessage(message))]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/** A message with nothing to fill in is sent as its plain string: the same for Lingui, fewer bytes. */
function smallest(compiled: ReturnType<typeof compileMessage>) {
  return Array.isArray(compiled) && compiled.length === 1 && typeof compiled[0] === 'string'
    ? compiled[0]
    : compiled;
}
