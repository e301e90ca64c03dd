import fc from 'fast-check';
import { BODY_EXAMPLES, PARAMETER_EXAMPLES } from './api-fuzz-examples.ts';
import {
  anyJson,
  anyString,
  encodeAny,
  hostileLike,
  hostileString,
  hostileTextLike,
  PLAUSIBLE_STRINGS,
  RawNumber,
  scalar,
  toJsonText,
} from './api-fuzz-values.ts';

/**
 * Generated requests for every operation of the OpenAPI document (api-fuzz.test.ts): mostly
 * shaped like the operation's schema, so many reach the handler, with hostile values mixed in
 * (wrong types, huge and negative numbers, unicode, control characters, injection strings,
 * unknown fields, impossible dates and times, very long text), and some plainly malformed.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
};

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

export type Operation = {
  method: string;
  /** OpenAPI path, e.g. '/api/admin/therapists/{id}/slots'. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodySchema: JsonSchema | undefined;
  contentTypes: string[];
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  remoteAddress: string;
};

/** Every operation of an OpenAPI 3 document, in a stable order. */
export function listOperations(document: { paths: Record<string, Record<string, OpenApiOperation>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodySchema: Object.values(content)[0]?.schema,
        contentTypes: Object.keys(content),
      });
    }
  }
  return operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

const UNKNOWN_KEYS = ['extra', 'id', 'is_superadmin', 'payment_status', '__proto__', 'constructor', '$where'];

/** Values shaped like `schema` most of the time, anything at all otherwise. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return anyJson;
  const members = schema.anyOf ?? schema.oneOf;
  if (members) return fc.oneof(...members.map((member) => valueFor(member, depth + 1)));
  let shaped: fc.Arbitrary<unknown>;
  if (schema.enum) shaped = fc.constantFrom(...schema.enum);
  else if (schema.type === 'integer' || schema.type === 'number') {
    // Whole numbers from the minimum up (an amount's minimum is 0.01).
    const min = Math.ceil(schema.minimum ?? 0);
    shaped = fc.oneof(fc.integer({ min, max: min + 6 }), fc.constantFrom(1000, 1001, 1002));
  } else if (schema.type === 'boolean') shaped = fc.boolean();
  else if (schema.type === 'string') shaped = fc.constantFrom(...PLAUSIBLE_STRINGS);
  else if (schema.type === 'array') shaped = fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 });
  else if (schema.type === 'object' || schema.properties) shaped = objectFor(schema, depth);
  else shaped = anyJson;
  return fc.oneof(
    { arbitrary: shaped, weight: 5 },
    { arbitrary: depth === 0 ? anyJson : scalar, weight: 2 },
    { arbitrary: fc.constant(null), weight: schema.nullable ? 1 : 0 },
  );
}

/** The schema's properties, each now and then left out, plus now and then a field it does not know. */
function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.entries(schema.properties ?? {}).map(([key, property]) =>
    fc.oneof(
      { arbitrary: valueFor(property, depth + 1).map((value) => [key, value] as const), weight: 8 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    ),
  );
  const unknown = fc.array(fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), anyJson), { maxLength: 2 });
  return fc.tuple(fc.tuple(...known), unknown).map(([fields, extras]) => {
    const object: Record<string, unknown> = {};
    for (const field of [...fields, ...extras]) if (field) object[field[0]] = field[1];
    return object;
  });
}

function formText(value: unknown): string {
  const text = (item: unknown) =>
    item instanceof RawNumber ? item.text : typeof item === 'object' ? toJsonText(item) : String(item);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return text(value);
  return Object.entries(value)
    .map(([key, item]) => `${encodeAny(key)}=${encodeAny(text(item))}`)
    .join('&');
}

type Body = { contentType?: string; payload?: string };

const LEAVE_OUT = Symbol('leave out');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `valid` with one field, at any depth, replaced by a hostile value, left out, or added. */
function spoilOnce(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom(...Object.keys(valid), ...UNKNOWN_KEYS).chain((key) => {
    const inner = valid[key];
    const replacement = fc.oneof(
      { arbitrary: hostileLike(inner), weight: 4 },
      { arbitrary: fc.constant(LEAVE_OUT), weight: 1 },
      // Deeper into a nested object (a webhook's payload.payment_link.entity…).
      {
        arbitrary: isPlainObject(inner) ? spoilOnce(inner) : fc.constant(LEAVE_OUT),
        weight: isPlainObject(inner) ? 4 : 0,
      },
    );
    return replacement.map((value) => {
      const spoilt: Record<string, unknown> = { ...valid };
      if (value === LEAVE_OUT) delete spoilt[key];
      else spoilt[key] = value;
      return spoilt;
    });
  });
}

/** `example` with up to two fields spoilt. */
function spoil(example: fc.Arbitrary<Record<string, unknown>>) {
  return example.chain((valid) =>
    fc.nat(2).chain((count) => {
      let spoilt: fc.Arbitrary<Record<string, unknown>> = fc.constant(valid);
      for (let index = 0; index < count; index++) spoilt = spoilt.chain(spoilOnce);
      return spoilt;
    }),
  );
}

function bodyFor(operation: Operation): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({ contentType: 'application/json', payload: toJsonText(value) });
  const example = BODY_EXAMPLES[`${operation.method} ${operation.path}`];
  // The webhook declares no body schema (it reads the raw bytes), but has an example.
  const takesBody = operation.bodySchema !== undefined || example !== undefined;
  const shaped = fc.oneof(
    { arbitrary: valueFor(operation.bodySchema ?? { type: 'object', properties: {} }), weight: 1 },
    { arbitrary: example ? spoil(example) : anyJson, weight: example ? 3 : 0 },
  );
  return fc.oneof(
    { arbitrary: shaped.map(json), weight: takesBody ? 8 : 1 },
    {
      arbitrary: shaped.map((value) => ({
        contentType: 'application/x-www-form-urlencoded',
        payload: formText(value),
      })),
      weight: operation.contentTypes.includes('application/x-www-form-urlencoded') ? 4 : 1,
    },
    { arbitrary: anyJson.map(json), weight: 1 },
    {
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,', '', '"\\ud800"', '{"a":1}{"b":2}', '\u0000')
        .map((payload) => ({ contentType: 'application/json', payload })),
      weight: 1,
    },
    { arbitrary: fc.constant<Body>({}), weight: takesBody ? 1 : 4 },
    {
      arbitrary: fc.record({
        contentType: fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x'),
        payload: fc.constantFrom('<a/>', '--x--', 'hello'),
      }),
      weight: 1,
    },
  );
}

const pathSegment = fc.oneof(
  { arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS).map(encodeAny), weight: 4 },
  { arbitrary: hostileString.map(encodeAny), weight: 4 },
  { arbitrary: fc.constantFrom('%', '%E0%A4%A', '%00', '..%2F..%2Fetc', '%2e%2e', ' 1', '1;1'), weight: 1 },
);

/** A plausible value of the parameter `name`, or a hostile one of its kind, else `otherwise`. */
function parameter(name: string, otherwise: fc.Arbitrary<string>, path?: string): fc.Arbitrary<string> {
  // A route's own examples first ('/api/admin/income cursor'): some names take another shape per route.
  const valid = (path && PARAMETER_EXAMPLES[`${path} ${name}`]) || PARAMETER_EXAMPLES[name];
  const example = valid && fc.oneof(valid, valid.chain(hostileTextLike));
  return example
    ? fc.oneof({ arbitrary: example.map(encodeAny), weight: 3 }, { arbitrary: otherwise, weight: 2 })
    : otherwise;
}

function queryFor(operation: Operation): fc.Arbitrary<string> {
  const declared = operation.queryParams.map((name) =>
    // Each optional parameter half the time: the admin lists take up to nine (filters, limit,
    // cursor), and a request must get all of them right to meet the handler.
    fc.option(
      parameter(name, anyString.map(encodeAny), operation.path).map((value) => `${name}=${value}`),
      { freq: 1 },
    ),
  );
  // Unknown names and repeated ones too: Fastify hands the route an array for a repeated name.
  const extra = fc.tuple(fc.constantFrom(...operation.queryParams, 'extra', '__proto__'), anyString);
  return fc
    .tuple(fc.tuple(...declared), fc.array(extra, { maxLength: 2 }))
    .map(([pairs, extras]) =>
      [
        ...pairs.filter((pair) => pair !== null),
        ...extras.map(([name, value]) => `${name}=${encodeAny(value)}`),
      ].join('&'),
    );
}

const AUTH = ['anonymous', 'superadmin', 'garbage token'] as const;
export type Auth = (typeof AUTH)[number];

/** Headers that sign a body, for routes that check a signature (the payment webhook). */
export type Signer = (payload: string) => Record<string, string>;

/**
 * Requests for `operation`: anonymous, as the superadmin (`superadminToken`) or with a bad token;
 * with `signer`, most bodies carry a valid signature, so the handler gets past that check.
 */
export function requestsFor(
  operation: Operation,
  superadminToken: string,
  signer?: Signer,
): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...operation.pathParams.map((name) => parameter(name, pathSegment)))
    .map((segments) =>
      operation.pathParams.reduce(
        (url, name, index) => url.replace(`{${name}}`, segments[index]!),
        operation.path,
      ),
    );
  return fc
    .record({
      path,
      query: queryFor(operation),
      body: bodyFor(operation),
      auth: fc.oneof(
        { arbitrary: fc.constant<Auth>('superadmin'), weight: 3 },
        { arbitrary: fc.constantFrom<Auth>(...AUTH), weight: 2 },
      ),
      // A new address each time: the sign-in throttle counts per address, and must not stop the run.
      remoteAddress: fc.ipV4(),
      signed: fc.boolean(),
    })
    .map(({ path: url, query, body, auth, remoteAddress, signed }) => {
      const headers: Record<string, string> = signer && signed ? signer(body.payload ?? '') : {};
      if (body.contentType && body.payload !== undefined) headers['content-type'] = body.contentType;
      if (auth === 'superadmin') headers.authorization = `Bearer ${superadminToken}`;
      if (auth === 'garbage token') headers.authorization = 'Bearer x.y.z';
      return {
        method: operation.method,
        url: query ? `${url}?${query}` : url,
        headers,
        payload: body.payload,
        remoteAddress,
      };
    });
}
