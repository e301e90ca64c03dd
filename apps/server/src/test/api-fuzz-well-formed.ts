import fc from 'fast-check';
import { BODY_EXAMPLES, PARAMETER_EXAMPLES } from './api-fuzz-examples.ts';
import type { FuzzRequest, Operation, Signer } from './api-fuzz-requests.ts';
import { encodeAny, toJsonText } from './api-fuzz-values.ts';

/**
 * Requests made of an operation's examples only, as the signed-in superadmin: what a caller who
 * read the API document would send. The walk (api-fuzz.test.ts) opens every route with a few of
 * them, drawn with a fixed seed, so the share of handlers it reaches does not hang on its random
 * seed: an unseeded run draws one from the clock, and one such draw reached 57 routes of the 62
 * the walk asks for.
 */
export function wellFormedRequests(
  operation: Operation,
  token: string,
  signer?: Signer,
): fc.Arbitrary<FuzzRequest> {
  const example = (name: string) =>
    PARAMETER_EXAMPLES[`${operation.path} ${name}`] ?? PARAMETER_EXAMPLES[name];
  const path = fc
    .tuple(...operation.pathParams.map((name) => (example(name) ?? fc.constant('1')).map(encodeAny)))
    .map((segments) =>
      operation.pathParams.reduce(
        (url, name, index) => url.replace(`{${name}}`, segments[index]!),
        operation.path,
      ),
    );
  // Each parameter that has examples, most of the time; a list's optional filters are not all wanted.
  const query = fc
    .tuple(
      ...operation.queryParams.map((name) => {
        const value = example(name);
        return value
          ? fc.option(
              value.map((text) => `${name}=${encodeAny(text)}`),
              { freq: 3 },
            )
          : fc.constant(null);
      }),
    )
    .map((pairs) => pairs.filter((pair) => pair !== null).join('&'));
  const body = BODY_EXAMPLES[`${operation.method} ${operation.path}`];
  const payload = body ? body.map(toJsonText) : fc.constant(undefined);
  return fc
    .record({ url: path, query, payload, remoteAddress: fc.ipV4() })
    .map(({ url, query, payload, remoteAddress }) => {
      const headers: Record<string, string> = signer && payload !== undefined ? signer(payload) : {};
      if (payload !== undefined) headers['content-type'] = 'application/json';
      headers.authorization = `Bearer ${token}`;
      return {
        method: operation.method,
        url: query ? `${url}?${query}` : url,
        headers,
        payload,
        remoteAddress,
      };
    });
}
