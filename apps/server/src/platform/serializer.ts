// Fast response serialisation for hot routes whose answers are built by typed mappers: the route's
// zod response schema is turned into a JSON Schema once and compiled with fast-json-stringify
// (the serializer Fastify itself uses for JSON Schema routes). The default zod serializer of
// fastify-type-provider-zod parses every answer against the schema before JSON.stringify; on the
// pricing routes that check was the largest part of a request's CPU, and JSON.stringify of a
// ~5 KB quote still took ~20 µs. The compiled serializer takes about half of that.
//
// The output is the JSON that JSON.stringify would write for an answer of the schema's shape
// (tests compare them on real answers): types come from the data, not from `const` or `enum`, and
// a missing property is left out, never an error. Properties the schema does not name are left out
// too, so an answer never carries more than its documented fields.
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

export type Serialize = (data: unknown) => string;

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
};

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function isPrimitive(schema: JsonSchema): schema is { type: string | string[] } {
  const types = [schema.type ?? []].flat();
  return types.length > 0 && types.every((type) => PRIMITIVE_TYPES.has(type));
}

/**
 * The type(s) of a primitive. 'integer' is written as 'number': fast-json-stringify would truncate
 * a fraction where JSON.stringify writes it.
 */
function primitive(types: readonly string[]): JsonSchema {
  const unique = [...new Set(types.map((type) => (type === 'integer' ? 'number' : type)))];
  return { type: unique.length === 1 ? unique[0] : unique };
}

/**
 * A JSON Schema reduced to what shapes the output: references inlined; unions of primitives
 * (nullable numbers, unions of literals) become one multi-type, because fast-json-stringify
 * validates every anyOf branch with Ajv on each call; keywords that only validate are dropped.
 */
function forSerialization(schema: JsonSchema, defs: Record<string, JsonSchema>, depth = 0): JsonSchema {
  if (depth > 64) throw new Error('Response schema too deep (recursive?) for the fast serializer');
  if (schema.$ref !== undefined) {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name === undefined ? undefined : defs[decodeURIComponent(name)];
    if (!target) throw new Error(`Unresolvable $ref ${schema.$ref} in a response schema`);
    return forSerialization(target, defs, depth + 1);
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const branches = union.map((branch) => forSerialization(branch, defs, depth + 1));
    if (branches.every(isPrimitive)) return primitive(branches.flatMap((branch) => [branch.type].flat()));
    return { anyOf: branches };
  }
  const types = [schema.type ?? []].flat();
  if (types.includes('object')) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [
        key,
        forSerialization(value, defs, depth + 1),
      ]),
    );
    return { type: schema.type, properties };
  }
  if (types.includes('array')) {
    return {
      type: schema.type,
      ...(schema.items ? { items: forSerialization(schema.items, defs, depth + 1) } : {}),
    };
  }
  if (isPrimitive(schema)) return primitive(types);
  // Anything else (no type, e.g. z.unknown()): written as it is.
  return {};
}

/** A union of objects that all carry one literal property (e.g. `kind`): the property and its values. */
function discriminatorOf(schema: z.ZodType): { key: string; options: Map<unknown, z.ZodType> } | undefined {
  if (!(schema instanceof z.ZodUnion)) return undefined;
  const options = schema.options as readonly z.ZodType[];
  if (!options.every((option) => option instanceof z.ZodObject)) return undefined;
  const objects = options as readonly z.ZodObject[];
  const first = objects[0];
  if (!first) return undefined;
  for (const key of Object.keys(first.shape)) {
    const byValue = new Map<unknown, z.ZodType>();
    const found = objects.every((option) => {
      const field = option.shape[key];
      if (!(field instanceof z.ZodLiteral) || field.values.size !== 1) return false;
      const [value] = field.values;
      if (byValue.has(value)) return false;
      byValue.set(value, option);
      return true;
    });
    if (found) return { key, options: byValue };
  }
  return undefined;
}

function compileObjectSerializer(schema: z.ZodType): Serialize {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const reduced = forSerialization(json, json.$defs ?? {});
  return fastJson(reduced as Parameters<typeof fastJson>[0]) as Serialize;
}

/**
 * A serializer for answers of this zod schema. A union of objects told apart by a literal
 * property (quote or uninsurable) gets one compiled serializer per option; an answer whose
 * property matches none is written with JSON.stringify.
 */
export function compileSerializer(schema: z.ZodType): Serialize {
  const discriminated = discriminatorOf(schema);
  if (!discriminated) return compileObjectSerializer(schema);
  const { key } = discriminated;
  const serializers = new Map(
    [...discriminated.options].map(([value, option]) => [value, compileObjectSerializer(option)]),
  );
  return (data) => {
    const serialize = serializers.get((data as Record<string, unknown> | null)?.[key]);
    return serialize ? serialize(data) : JSON.stringify(data);
  };
}

/**
 * Route option `serializerCompiler` for routes whose successful answers come from typed mappers:
 * 2xx answers with the compiled serializer, anything else with JSON.stringify (errors do not go
 * through it anyway: sendError writes the envelope with JSON.stringify).
 */
export function fastSerializerCompiler({
  schema,
  httpStatus,
}: {
  schema: unknown;
  httpStatus?: string;
}): Serialize {
  if (!httpStatus?.startsWith('2') || !(schema instanceof z.ZodType)) return JSON.stringify;
  return compileSerializer(schema);
}
