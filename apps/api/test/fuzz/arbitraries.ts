// Requests derived from a route's JSON schemas: values that mostly conform (so the handler's own code
// runs) with hostile mutations at every level — wrong types, missing and extra fields, huge strings, NUL
// and control characters, odd unicode, numbers at the edges, arrays for objects — and hostile encodings
// around them: malformed JSON, wrong or missing content types, broken percent-encoding, odd headers.
import fc from 'fast-check';
import {
  BASE62_ALPHABET,
  CLIENT_ID_BODY_LENGTH,
  CLIENT_ID_PREFIX,
  CLIENT_SECRET_PREFIX,
  SECRET_BODY_LENGTH,
  VERIFIER_KEY_PREFIX,
  withChecksum,
} from '@datafeeds/domain';

/** The part of JSON Schema (2020-12, as zod 4 writes it) the generator reads. */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Real values of the test's world, mixed into every string so lookups hit rows (and other tenants'). */
export interface KnownValues {
  emails: string[];
  usernames: string[];
  passwords: string[];
  clientIds: string[];
  secrets: string[];
  /** One-time tokens of the attacker's own (a password reset link from their mailbox). */
  tokens: string[];
  ids: string[];
  /** Authorization values that must never work: revoked keys and sessions, other kinds of credential. */
  forgedAuthorizations: string[];
}

/**
 * Stand-ins the request carries until it is sent, then replaced by the attacker's current values (a
 * token they still have, their password as it is now): these change as the fuzzed calls rotate, delete
 * and change them, so a fixed value would soon name nothing. Shaped so that, left as they are, they
 * still pass the format checks.
 */
export const OWN_CLIENT_ID = 'dfc_OwnLiveTokenOfAttacker';
export const OWN_PASSWORD = 'own-password-of-the-attacker';

const base62 = (length: number) =>
  fc.string({ unit: fc.constantFrom(...BASE62_ALPHABET), minLength: length, maxLength: length });

/** Shaped like the real thing (prefix, base62, checksum), so it passes format checks and reaches lookups. */
const wellFormed = {
  clientId: base62(CLIENT_ID_BODY_LENGTH).map((body) => `${CLIENT_ID_PREFIX}${body}`),
  secret: base62(SECRET_BODY_LENGTH).map((body) => withChecksum(CLIENT_SECRET_PREFIX, body)),
  verifierKey: base62(SECRET_BODY_LENGTH).map((body) => withChecksum(VERIFIER_KEY_PREFIX, body)),
};

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
export const headerText = fc.string({ unit: printable, maxLength: 120 });

const ODD_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u200b',
  '\u200d',
  '\u202e',
  '\ufffd',
  '\ud800',
  '\udfff',
  'İ',
  'ß',
  'ǅ',
  'ﬃ',
  'Ω',
  'é',
  'é',
  '😀',
  '👩‍👩‍👧',
  '𝕏',
  '%',
  '\\',
  '"',
  "'",
  '<',
  '&',
  '/',
  '.',
  ',',
];

const TRICKY_STRINGS = [
  '',
  ' ',
  '   ',
  "' OR '1'='1",
  '"; DROP TABLE identities; --',
  '\\x00',
  '%00',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%s%s%s%n',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'a@b',
  '@',
  'a@b.c',
  'user@[127.0.0.1]',
  '"quoted"@example.com',
  'ｆｕｌｌｗｉｄｔｈ@ｅｘａｍｐｌｅ.ｃｏｍ',
  'dfc_',
  'dfsk_',
  'dfvk_',
  'dfc_,dfc_,,,',
  ',',
  '\u0000',
  '\ud800',
];

const HUGE_LENGTHS = [256, 4_096, 60_000, 70_000];

/** Strings no form would send. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRICKY_STRINGS),
  fc.string({ unit: fc.constantFrom(...ODD_CHARACTERS), minLength: 1, maxLength: 12 }),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...ODD_CHARACTERS), fc.string({ maxLength: 8 }))
    .map(([before, odd, after]) => `${before}${odd}${after}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '%'), fc.constantFrom(...HUGE_LENGTHS))
    .map(([unit, length]) => unit.repeat(length)),
);

const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  0.1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  1e-7,
];

/** A deeply nested array, for parsers and validators that recurse. */
const nested = (depth: number): unknown => {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
};

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', ' ', 'a.b', '$where', 'id', 'companyId'),
  fc.string({ maxLength: 12 }),
);

/** An own property even for `__proto__`, so JSON.stringify writes it. */
function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/** Any value in place of the expected one. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(hostileKey, fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 })
      .map((entries) => entries.reduce((object, [key, value]) => withKey(object, key, value), {})),
  },
  { weight: 1, arbitrary: fc.constantFrom(100, 1_000).map(nested) },
);

interface Context {
  root: JsonSchema;
  known: KnownValues;
  depth: number;
}

const oneOfKnown = (values: string[]) => (values.length > 0 ? [fc.constantFrom(...values)] : []);

const caseVariants = (values: string[]) =>
  oneOfKnown(values).map((known) =>
    fc
      .tuple(known, fc.constantFrom('upper', 'padded', 'mixed'))
      .map(([value, how]) =>
        how === 'upper'
          ? value.toUpperCase()
          : how === 'padded'
            ? `  ${value}\t`
            : value.replace(/./g, (char, index: number) => (index % 2 ? char.toUpperCase() : char)),
      ),
  );

/** Field names say more than `type: string`: an email field gets emails, a secret field secrets. */
function hinted(name: string, known: KnownValues): fc.Arbitrary<string> | undefined {
  const mix = (...arbitraries: fc.Arbitrary<string>[]) => fc.oneof(...arbitraries);
  if (/email/i.test(name)) {
    const plausible = fc
      .tuple(
        fc.stringMatching(/^[a-z0-9]{1,10}([._+-][a-z0-9]{1,8}){0,2}$/),
        fc.stringMatching(/^[a-z0-9]{1,15}$/),
        fc.constantFrom('com', 'org', 'example', 'co.uk', 'io'),
      )
      .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
    return fc.oneof(
      { weight: 4, arbitrary: plausible },
      { weight: 1, arbitrary: fc.emailAddress() },
      ...[...oneOfKnown(known.emails), ...caseVariants(known.emails)].map((arbitrary) => ({
        weight: 1,
        arbitrary,
      })),
    );
  }
  if (/password/i.test(name)) {
    return mix(
      fc.string({ unit: printable, minLength: 12, maxLength: 40 }),
      fc.constantFrom('password', '123456', 'qwerty123', OWN_PASSWORD),
      ...oneOfKnown(known.passwords),
    );
  }
  if (/username/i.test(name)) {
    return mix(
      fc.stringMatching(/^[a-z0-9_]{4,20}$/),
      ...oneOfKnown(known.usernames),
      ...caseVariants(known.usernames),
    );
  }
  if (/phone/i.test(name)) return mix(fc.stringMatching(/^\+?[0-9]{10,15}$/), fc.constant(''));
  const clientId = fc.oneof(
    { weight: 3, arbitrary: fc.constant(OWN_CLIENT_ID) },
    { weight: 1, arbitrary: wellFormed.clientId },
    ...oneOfKnown(known.clientIds).map((arbitrary) => ({ weight: 2, arbitrary })),
  );
  if (/clientIds$/i.test(name)) {
    return fc.array(clientId, { minLength: 1, maxLength: 3 }).map((ids) => ids.join(','));
  }
  if (/clientId$/i.test(name)) return clientId;
  if (/secret/i.test(name)) {
    return mix(
      wellFormed.secret,
      ...oneOfKnown(known.secrets),
      // One character off: the checksum fails.
      ...oneOfKnown(known.secrets).map((secret) => secret.map((value) => `${value.slice(0, -1)}0`)),
    );
  }
  if (/token/i.test(name)) {
    return mix(
      fc.base64String({ minLength: 16, maxLength: 64 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      ...oneOfKnown(known.tokens),
    );
  }
  if (/(^|[a-z])id$/i.test(name)) return mix(fc.uuid(), ...oneOfKnown(known.ids));
  return undefined;
}

function resolve(schema: JsonSchema, context: Context): JsonSchema {
  const reference = schema.$ref;
  if (!reference) return schema;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(reference);
  const definitions = match?.[1] === 'definitions' ? context.root.definitions : context.root.$defs;
  const target = match
    ? definitions?.[decodeURIComponent(match[2] ?? '')]
    : reference === '#'
      ? context.root
      : undefined;
  return target ? resolve(target, context) : {};
}

function conformingString(schema: JsonSchema, name: string, context: Context): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? minLength + 40, minLength + 60));
  const lengths = { minLength, maxLength };
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern JavaScript cannot read: fall through to plain strings.
    }
  }
  const byFormat: Record<string, fc.Arbitrary<string>> = {
    email: fc.emailAddress(),
    uuid: fc.uuid(),
    'date-time': fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    uri: fc.webUrl(),
    url: fc.webUrl(),
  };
  const formatted = schema.format ? byFormat[schema.format] : undefined;
  const hint = formatted ?? hinted(name, context.known);
  const allKnown = [...context.known.emails, ...context.known.clientIds, ...context.known.usernames];
  // Just inside and just outside the limits.
  const edges = [minLength - 1, minLength, schema.maxLength, (schema.maxLength ?? -2) + 1].filter(
    (length): length is number => length !== undefined && length >= 0,
  );
  return fc.oneof(
    ...(hint ? [{ weight: 10, arbitrary: hint }] : []),
    { weight: 3, arbitrary: fc.string(lengths) },
    { weight: 1, arbitrary: fc.string({ ...lengths, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges).map((length) => 'x'.repeat(length)) },
    ...oneOfKnown(allKnown).map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function conformingNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  const edges = [min, max, min === undefined ? undefined : min - 1, max === undefined ? undefined : max + 1];
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min ?? -1e6), max: Math.floor(max ?? 1e6) })
    : fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    {
      weight: 1,
      arbitrary: fc.constantFrom(0, ...edges.filter((edge): edge is number => edge !== undefined)),
    },
  );
}

function conformingObject(schema: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = (schema.required ?? []).filter((key) => key in (schema.properties ?? {}));
  const inner = { ...context, depth: context.depth + 1 };
  const record =
    properties.length > 0
      ? fc.record(
          Object.fromEntries(properties.map(([key, property]) => [key, valueFor(property, key, inner)])),
          { requiredKeys: required },
        )
      : fc.constant({});
  const extra = schema.additionalProperties;
  const withExtras =
    typeof extra === 'object' || (extra === undefined && properties.length === 0 && schema.propertyNames)
      ? fc
          .tuple(
            record,
            fc.dictionary(
              schema.propertyNames ? valueFor(schema.propertyNames, 'key', inner).map(String) : fc.string(),
              valueFor(typeof extra === 'object' ? extra : {}, 'value', inner),
              { maxKeys: 4 },
            ),
          )
          .map(([known, more]) => ({ ...more, ...known }))
      : record;
  return fc.oneof(
    { weight: 12, arbitrary: withExtras },
    // A required field left out.
    ...(required.length > 0
      ? [
          {
            weight: 1,
            arbitrary: fc.tuple(withExtras, fc.constantFrom(...required)).map(([object, key]) => {
              const copy = { ...(object as Record<string, unknown>) };
              delete copy[key];
              return copy;
            }),
          },
        ]
      : []),
    // A field nobody asked for (mass assignment, prototype keys).
    {
      weight: 1,
      arbitrary: fc
        .tuple(withExtras, hostileKey, fc.oneof(hostileValue, ...oneOfKnown(context.known.ids)))
        .map(([object, key, value]) => withKey(object as Record<string, unknown>, key, value)),
    },
  );
}

function conforming(schema: JsonSchema, name: string, context: Context): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, context);
  if ('const' in resolved) return fc.constant(resolved.const);
  if (resolved.enum && resolved.enum.length > 0) return fc.constantFrom(...resolved.enum);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => conforming(alternative, name, context)));
  }
  if (resolved.allOf && resolved.allOf.length > 0) {
    const merged = resolved.allOf.reduce<JsonSchema>(
      (all, part) => {
        const one = resolve(part, context);
        return {
          ...all,
          ...one,
          properties: { ...all.properties, ...one.properties },
          required: [...(all.required ?? []), ...(one.required ?? [])],
        };
      },
      { ...resolved, allOf: undefined },
    );
    return conforming(merged, name, context);
  }
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => conforming({ ...resolved, type }, name, context)));
  }
  switch (types[0] ?? (resolved.properties ? 'object' : undefined)) {
    case 'string':
      return conformingString(resolved, name, context);
    case 'integer':
      return conformingNumber(resolved, true);
    case 'number':
      return conformingNumber(resolved, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = resolved.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(resolved.maxItems ?? minLength + 4, minLength + 6));
      const inner = { ...context, depth: context.depth + 1 };
      if (resolved.prefixItems) {
        return fc.tuple(...resolved.prefixItems.map((item) => valueFor(item, name, inner)));
      }
      const items = Array.isArray(resolved.items) ? {} : (resolved.items ?? {});
      return fc.array(valueFor(items, name, inner), { minLength, maxLength });
    }
    case 'object':
      return conformingObject(resolved, context);
    default:
      // `{}`: anything at all.
      return context.depth > 4 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A value for a schema position: mostly conforming, now and then anything at all. Rarer inside an object,
 * so that a form of ten fields still arrives whole often enough for the handler to run.
 */
function valueFor(schema: JsonSchema, name: string, context: Context): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: context.depth === 0 ? 12 : 30, arbitrary: conforming(schema, name, context) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Values for a route's input part (a body, a query); the whole value is replaced now and then too. */
export function valueArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  return valueFor(schema, '', { root: schema, known, depth: 0 });
}

/** Percent-encodes every byte of the UTF-8 text but the unreserved ones (lone surrogates become U+FFFD). */
function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

const queryValue = (value: unknown) =>
  percentEncode(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** A query object as a query string, the way browsers and `qs`-style clients write one. */
function encodeQuery(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return queryValue(value);
  const pairs: string[] = [];
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const name = percentEncode(key);
    if (item === undefined) continue;
    if (item === null) pairs.push(name);
    else if (Array.isArray(item)) for (const one of item) pairs.push(`${name}=${queryValue(one)}`);
    else if (typeof item === 'object') {
      for (const [inner, one] of Object.entries(item)) {
        pairs.push(`${name}%5B${percentEncode(inner)}%5D=${queryValue(one)}`);
      }
    } else pairs.push(`${name}=${queryValue(item)}`);
  }
  return pairs.join('&');
}

const GARBAGE_QUERIES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE',
  '&&&',
  '=',
  '==x',
  'a[b]=c',
  '__proto__[x]=1',
  '__proto__=1',
  'constructor[prototype][x]=1',
  ';;',
  '%00=%00',
  '?',
  '+',
];

/** The query string of a route: its schema's object, encoded, with hostile additions now and then. */
export function queryArbitrary(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<string> {
  const encoded = schema ? valueArbitrary(schema, known).map(encodeQuery) : fc.constant('');
  const garbage = fc.oneof(
    fc.constantFrom(...GARBAGE_QUERIES),
    fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncode),
    fc.constant(`q=${'x'.repeat(60_000)}`),
  );
  return fc
    .oneof(
      { weight: 10, arbitrary: encoded },
      // A field sent twice becomes an array.
      { weight: 1, arbitrary: encoded.map((query) => (query ? `${query}&${query}` : query)) },
      {
        weight: 1,
        arbitrary: fc.tuple(encoded, garbage).map(([query, more]) => [query, more].filter(Boolean).join('&')),
      },
      { weight: 1, arbitrary: garbage },
    )
    .map((query) => (query ? `?${query}` : ''));
}

const PATH_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f..%2fpackage.json',
  '%2F',
  '',
  '%00',
  'index.html',
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'favicon-32x32.png',
  'oauth2-redirect.html',
  '.env',
  '%C0%AE%C0%AE',
  'a'.repeat(300),
];

/** The URL path, with `:name` and `*` filled from the params schema or with hostile segments. */
export function pathArbitrary(
  url: string,
  params: JsonSchema | undefined,
  known: KnownValues,
): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const hasWildcard = url.includes('*');
  if (names.length === 0 && !hasWildcard) return fc.constant(url);
  const paramValues = params ? valueArbitrary(params, known) : fc.constant({});
  const wildcard = fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...PATH_SEGMENTS) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map(percentEncode) },
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((segments) => segments.join('/'));
  return fc.tuple(paramValues, wildcard, fc.string({ maxLength: 12 })).map(([values, rest, fallback]) => {
    const given = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
    let path = url;
    for (const name of names) {
      const value = given[name];
      path = path.replace(`:${name}`, percentEncode(value === undefined ? fallback : String(value)));
    }
    return path.replace('*', rest);
  });
}

export interface FuzzBody {
  contentType?: string;
  text?: string;
}

const JSON_CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;',
  'application/json; boundary=x',
  'application/vnd.api+json',
];

const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'text/event-stream',
  '*/*',
  'garbage',
  '',
];

/** The body of a request: its value as JSON mostly, or broken, mislabelled, missing or too big. */
export function bodyArbitrary(value: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> {
  const json = (body: unknown) => JSON.stringify(body) ?? '';
  return fc.oneof(
    {
      weight: 14,
      arbitrary: fc
        .tuple(
          value,
          fc.oneof(
            { weight: 8, arbitrary: fc.constant('application/json') },
            { weight: 1, arbitrary: fc.constantFrom(...JSON_CONTENT_TYPES) },
          ),
        )
        .map(([body, contentType]): FuzzBody =>
          body === undefined ? {} : { contentType, text: json(body) },
        ),
    },
    // Malformed JSON: cut short, with trailing garbage, or not JSON at all.
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, fc.nat(), fc.constantFrom('', '}', ',', ']]', '\u0000', 'garbage', '/*'))
        .map(([body, cut, suffix]): FuzzBody => {
          const text = json(body);
          return {
            contentType: 'application/json',
            text: `${text.slice(0, cut % (text.length + 1))}${suffix}`,
          };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "{'a': 1}",
          '{"a":',
          'NaN',
          '\ufeff{}',
          '{"a":1}{"b":2}',
          '[',
          'undefined',
          '"\\ud800"',
          '1e999',
        )
        .map((text): FuzzBody => ({ contentType: 'application/json', text })),
    },
    // The right body under the wrong label, or no label.
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, fc.constantFrom(...OTHER_CONTENT_TYPES))
        .map(([body, contentType]): FuzzBody => ({ contentType, text: json(body) || 'a=b&c=d' })),
    },
    { weight: 1, arbitrary: value.map((body): FuzzBody => ({ text: json(body) || 'x' })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ contentType: 'application/json', text: '' }) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({}) },
    // Over the 64 KiB body limit.
    {
      weight: 1,
      arbitrary: fc.constant<FuzzBody>({
        contentType: 'application/json',
        text: JSON.stringify({ padding: 'x'.repeat(70_000) }),
      }),
    },
  );
}

const COOKIES = [
  'df_refresh=',
  'df_refresh=garbage',
  'df_refresh=%E0%A4%A',
  'df_refresh="quoted"',
  '=novalue',
  ';;;',
  'a=1; a=2',
  `big=${'x'.repeat(4_000)}`,
];

/** Headers a client might add, mostly none. Header values stay printable: Node refuses anything else. */
export const extraHeadersArbitrary: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        accept: fc.constantFrom(
          'application/json',
          'text/html',
          '*/*',
          'text/event-stream',
          'application/xml',
          'text/html, application/json;q=0.9',
          '',
        ),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*', 'gzip, deflate, br', 'x'),
        'accept-language': headerText,
        'x-forwarded-for': fc.oneof(fc.ipV4(), headerText),
        origin: fc.constantFrom('http://portal.test', 'https://evil.example', 'null'),
        range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=999999-', 'bytes=a-b', 'bytes=0-0,1-1,2-2'),
        'if-none-match': fc.oneof(fc.constant('*'), headerText),
        'if-modified-since': fc.constantFrom(
          'Thu, 01 Jan 1970 00:00:00 GMT',
          'garbage',
          'Fri, 31 Dec 9999 23:59:59 GMT',
        ),
        cookie: fc.oneof(fc.constantFrom(...COOKIES), headerText),
        'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x-garbage'),
        'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'GET'),
      },
      { requiredKeys: [] },
    ),
  },
);

/** An Authorization header that must never authenticate anyone. */
export function forgedAuthorizationArbitrary(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'bearer x', 'Bearer a b', 'Token abc', ''),
    wellFormed.verifierKey.map((key) => `Bearer ${key}`),
    wellFormed.secret.map((secret) => `Bearer ${secret}`),
    // An unsigned token claiming any subject.
    fc
      .uuid()
      .map(
        (sub) =>
          `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
            JSON.stringify({ sub, sid: sub, iss: 'datafeeds-portal', aud: 'datafeeds-portal', exp: 4e9 }),
          ).toString('base64url')}.`,
      ),
    headerText.map((text) => `Bearer ${text}`),
    ...oneOfKnown(known.forgedAuthorizations),
  );
}
