import { z } from 'zod';
import { sessionCookieName } from '../modules/accounts/sessions.ts';

/**
 * What a route tells the API document about itself, next to its handler: the same zod schemas the handler
 * parses its input with, so the document cannot drift from what the server accepts.
 */
export interface RouteDoc {
  summary: string;
  /** Who may call it: anyone (default), a signed-in user, or an admin. */
  auth?: 'user' | 'admin';
  /** Path parameters whose shape is checked; the others are documented as plain strings. */
  params?: Record<string, z.ZodType>;
  query?: z.ZodType;
  /** A JSON body, or a multipart form with these fields plus an optional image file `fileField`. */
  body?: z.ZodType;
  multipart?: { fields: z.ZodType; fileField: string; fileType?: string };
  /** Request headers the route reads. */
  headers?: Record<string, { schema: z.ZodType; required?: boolean; description: string }>;
  /**
   * Status codes it answers with, besides the common ones added for every route: a description, or a
   * description and the schema of the body (the zod schema the answer is built to, output side).
   */
  responses: Record<number, string | DocumentedResponse>;
  /** The success answer's content type when it is not JSON. */
  produces?: string;
  /** The bytes a JSON body may have, when the route needs more than the server's default (SERVER_LIMITS). */
  bodyLimit?: number;
}

interface DocumentedResponse {
  description: string;
  schema: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

export interface DocumentedRoute {
  method: string;
  url: string;
  doc?: RouteDoc;
}

type JsonSchema = Record<string, unknown>;

/** The input side of a schema (before transforms and defaults), as JSON Schema 2020-12 for OpenAPI 3.1. */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** Points zod's `#/$defs/…` references at the document's components, in place. */
function pointRefsAtComponents(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) pointRefsAtComponents(item);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        Reflect.set(node, key, value.replace('#/$defs/', '#/components/schemas/'));
      } else pointRefsAtComponents(value);
    }
  }
}

/**
 * The output side of a response schema. Schemas named with `.meta({ id })` become components, shared by
 * every answer that contains them: zod puts them under the schema's own `$defs`, which a `$ref` inside
 * the document cannot reach, so they move to `components.schemas` and their references follow.
 */
function responseSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  pointRefsAtComponents(converted);
  const { $schema: _ignored, $defs, ...rest } = converted;
  Object.assign(components, $defs);
  return rest;
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['detail', 'code'],
  properties: {
    detail: { type: 'string', description: 'The message to show, word for word.' },
    code: { type: 'string' },
    errors: {
      type: 'object',
      description: 'Messages per field, when the input had fields.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
};

const COMMON_RESPONSES: Record<number, string> = {
  429: 'Too many requests; `Retry-After` says when to try again.',
  503: 'The database cannot be reached right now; `Retry-After` says when to try again.',
};

const AUTH_RESPONSES: Record<NonNullable<RouteDoc['auth']>, Record<number, string>> = {
  user: { 401: 'Not signed in.' },
  admin: { 401: 'Not signed in.', 403: 'Signed in, but not an admin.' },
};

function operation(
  route: DocumentedRoute & { doc: RouteDoc },
  pathParams: string[],
  components: Record<string, JsonSchema>,
) {
  const { doc } = route;
  const tag = route.url.startsWith('/api/') ? (route.url.split('/')[2] ?? 'api') : 'health';
  const parameters: JsonSchema[] = [
    ...pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: doc.params?.[name] ? jsonSchema(doc.params[name]) : { type: 'string' },
    })),
    ...Object.entries(doc.query ? (jsonSchema(doc.query).properties ?? {}) : {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      schema,
    })),
    ...Object.entries(doc.headers ?? {}).map(([name, header]) => ({
      name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: jsonSchema(header.schema),
    })),
  ];
  const responses: Record<string, unknown> = {};
  // The route's own descriptions win over the generic ones.
  const refused: Record<number, string> = { 400: 'The input was refused; see `errors`.' };
  const statuses: RouteDoc['responses'] = {
    ...(doc.auth ? AUTH_RESPONSES[doc.auth] : {}),
    ...(doc.body || doc.multipart || doc.query ? refused : {}),
    ...COMMON_RESPONSES,
    ...doc.responses,
  };
  for (const [status, answer] of Object.entries(statuses)) {
    const code = Number(status);
    const description = typeof answer === 'string' ? answer : answer.description;
    if (code === 204) responses[status] = { description };
    else if (typeof answer !== 'string') {
      const schema = responseSchema(answer.schema, components);
      const type = code >= 400 ? 'application/json' : (doc.produces ?? 'application/json');
      responses[status] = { description, content: { [type]: { schema } } };
    } else if (code >= 400) {
      responses[status] = {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    } else {
      responses[status] = { description, content: { [doc.produces ?? 'application/json']: {} } };
    }
  }
  let requestBody: JsonSchema | undefined;
  if (doc.body) {
    requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } };
  } else if (doc.multipart) {
    const fields = jsonSchema(doc.multipart.fields);
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...fields,
            properties: {
              ...(fields.properties as JsonSchema),
              [doc.multipart.fileField]: {
                type: 'string',
                contentMediaType: doc.multipart.fileType ?? 'image/*',
              },
            },
          },
        },
      },
    };
  }
  return {
    summary: doc.summary,
    tags: [tag],
    ...(doc.auth ? { security: [{ session: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every documented route under /api. */
export function buildOpenApi(routes: DocumentedRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA };
  for (const route of routes) {
    if (!route.doc || route.method === 'HEAD') continue;
    const pathParams = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation({ ...route, doc: route.doc }, pathParams, schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Nexa Digital site API',
      version: '1',
      description:
        'Every write from a browser must come from the site itself (Origin or Sec-Fetch-Site checked). ' +
        'Errors are JSON `{ detail, code, errors? }`; `detail` is the message to show.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(serverUrl.startsWith('https:')) },
      },
      schemas,
    },
    paths,
  };
}

/** A route's options carrying its document entry (and its body limit): `app.get(url, doc({ … }), handler)`. */
export function doc(routeDoc: RouteDoc): { config: { doc: RouteDoc }; bodyLimit?: number } {
  return { config: { doc: routeDoc }, ...(routeDoc.bodyLimit ? { bodyLimit: routeDoc.bodyLimit } : {}) };
}
