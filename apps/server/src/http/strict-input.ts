import { z } from 'zod';

type Schema = z.ZodType;
type Def = Record<string, unknown> & { type: string };

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** Wrappers whose one child is `innerType`. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'catch', 'readonly', 'success']);

/**
 * A copy of `schema` in which every object that did not choose how to treat unknown keys refuses them
 * (`additionalProperties: false` in the OpenAPI document too). Objects that chose (`z.looseObject`,
 * `.catchall(…)`, `.strict()`) and records (`openJsonObject` in the contract) are kept as they are, so open
 * JSON is always a visible choice in the contract. Unchanged parts are returned as the same instances, and a
 * rebuilt part keeps its description and other metadata.
 */
export function strictInput<T extends Schema>(schema: T): T {
  return strict(schema, new Map()) as T;
}

function strict(schema: Schema, seen: Map<Schema, Schema>): Schema {
  const done = seen.get(schema);
  if (done) return done;
  const result = rebuild(schema, seen);
  seen.set(schema, result);
  if (result !== schema) {
    const meta = z.globalRegistry.get(schema);
    if (meta) z.globalRegistry.add(result, meta);
  }
  return result;
}

function rebuild(schema: Schema, seen: Map<Schema, Schema>): Schema {
  const def = defOf(schema);
  const walk = (child: unknown) => (child instanceof z.ZodType ? strict(child, seen) : child);
  const withDef = (changes: Record<string, unknown>): Schema => {
    const changed = Object.entries(changes).some(([key, value]) => def[key] !== value);
    return changed ? schema.clone(Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(def), ...descriptors(changes) }) as never) : schema;
  };

  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, Schema>;
      const next: Record<string, Schema> = {};
      let changed = def.catchall === undefined;
      for (const [key, child] of Object.entries(shape)) {
        next[key] = strict(child, seen);
        if (next[key] !== child) changed = true;
      }
      if (!changed) return schema;
      return withDef({ shape: next, catchall: def.catchall ?? z.never() });
    }
    case 'array':
      return withDef({ element: walk(def.element) });
    case 'record':
      return withDef({ valueType: walk(def.valueType) });
    case 'tuple':
      return withDef({ items: (def.items as Schema[]).map(walk), rest: def.rest ? walk(def.rest) : def.rest });
    case 'union': {
      const options = (def.options as Schema[]).map(walk);
      return options.some((o, i) => o !== (def.options as Schema[])[i]) ? withDef({ options }) : schema;
    }
    case 'pipe':
      return withDef({ in: walk(def.in), out: walk(def.out) });
    case 'lazy': {
      const getter = def.getter as () => Schema;
      return withDef({ getter: () => strict(getter(), seen) });
    }
    case 'intersection':
      // Both sides would refuse each other's keys: the contract uses `.extend()` instead.
      throw new Error('strictInput: an intersection cannot be made strict; build the object with .extend()');
    default:
      return WRAPPERS.has(def.type) ? withDef({ innerType: walk(def.innerType) }) : schema;
  }
}

function descriptors(values: Record<string, unknown>): PropertyDescriptorMap {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value, enumerable: true, configurable: true, writable: true }]));
}
