/**
 * A contract struct as JSON Schema (the 2020-12 dialect OpenAPI 3.1 uses): its type and schema as
 * superstruct keeps them, and what contract/structs.ts noted beside (a union's branches, a record's
 * values, sizes, patterns). Refinements that are code (a lesson id or slug, a finite number) are
 * described by their base type only.
 */
import { is, type Struct } from 'superstruct';
import { notesOf } from '../../contract/structs.ts';

export type JsonSchema = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: a struct of any type and schema
type AnyStruct = Struct<any, any>;

function accepts(struct: AnyStruct, value: unknown): boolean {
  try {
    return is(value, struct);
  } catch {
    return false;
  }
}

/** Whether an object's field may be left out. */
export function isOptional(field: AnyStruct): boolean {
  return accepts(field, undefined);
}

function withSizes(schema: JsonSchema, struct: AnyStruct): JsonSchema {
  const { min, max, pattern } = notesOf(struct);
  const type = schema.type;
  const [low, high] =
    type === 'string'
      ? ['minLength', 'maxLength']
      : type === 'array'
        ? ['minItems', 'maxItems']
        : ['minimum', 'maximum'];
  return {
    ...schema,
    // ±Number.MAX_VALUE is how the contract says "any finite number": no bound to publish.
    ...(min !== undefined && min !== -Number.MAX_VALUE ? { [low]: min } : {}),
    ...(max !== undefined && Number.isFinite(max) && max !== Number.MAX_VALUE ? { [high]: max } : {}),
    ...(pattern !== undefined ? { pattern } : {}),
  };
}

function objectSchema(fields: Record<string, AnyStruct>, open: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    properties[name] = jsonSchema(field);
    if (!isOptional(field)) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: open };
}

function baseSchema(struct: AnyStruct): JsonSchema {
  const { branches, values } = notesOf(struct);
  switch (struct.type) {
    case 'string':
    case 'line':
    case 'paragraph':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'integer':
      return { type: 'integer' };
    case 'boolean':
      return { type: 'boolean' };
    case 'literal':
      return { const: struct.schema };
    case 'enums':
      return { enum: Object.values(struct.schema as Record<string, unknown>) };
    case 'array':
      return { type: 'array', ...(struct.schema ? { items: jsonSchema(struct.schema as AnyStruct) } : {}) };
    case 'object':
      return objectSchema(struct.schema as Record<string, AnyStruct>, false);
    case 'type':
      return objectSchema(struct.schema as Record<string, AnyStruct>, true);
    case 'union':
      return branches ? { anyOf: branches.map(jsonSchema) } : {};
    case 'record':
      return { type: 'object', additionalProperties: values ? jsonSchema(values) : true };
    default:
      // A value the server checks itself (contract/structs.ts checkedByServer), noted as a union.
      return branches ? { anyOf: branches.map(jsonSchema) } : {};
  }
}

export function jsonSchema(struct: AnyStruct): JsonSchema {
  const schema = withSizes(baseSchema(struct), struct);
  // `nullable`: superstruct keeps the inner type; JSON Schema says null as a branch of its own.
  const nullable = struct.type !== 'literal' && !notesOf(struct).checkedByServer && accepts(struct, null);
  if (nullable && Object.keys(schema).length > 0) {
    return { anyOf: [schema, { type: 'null' }] };
  }
  return schema;
}
