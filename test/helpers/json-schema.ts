/**
 * A small structural JSON Schema check of the keywords our schemas use (schema/*.schema.json), for the
 * tests that keep a schema and its loader agreeing; a full JSON Schema library is not needed for that.
 * It throws on a keyword it does not know, so a schema cannot silently outgrow it.
 */
export interface Schema {
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  oneOf?: Schema[];
  $defs?: Record<string, Schema>;
}

export const KNOWN = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'oneOf',
  '$defs',
]);

/** `def` resolves `#/$defs/<name>` in `root`; `validate` lists the errors of a value against a schema, each as `path: what`. */
export function schemaChecker(root: Schema): {
  def: (ref: string) => Schema;
  validate: (value: unknown, schema: Schema, path?: string) => string[];
} {
  function def(ref: string): Schema {
    const name = /^#\/\$defs\/(\w+)$/.exec(ref)?.[1];
    const s = name === undefined ? undefined : root.$defs?.[name];
    if (!s) throw new Error(`unresolvable $ref ${ref}`);
    return s;
  }

  /** Errors of `value` against `schema`, each as `path: what`. */
  function validate(value: unknown, schema: Schema, path = '$'): string[] {
    for (const k of Object.keys(schema))
      if (!KNOWN.has(k)) throw new Error(`the test's validator does not know the keyword ${k} (at ${path})`);
    const errors: string[] = [];
    if (schema.$ref) errors.push(...validate(value, def(schema.$ref), path));
    if (schema.oneOf) {
      const passing = schema.oneOf.filter((s) => validate(value, s, path).length === 0).length;
      if (passing !== 1) errors.push(`${path}: matches ${passing} of oneOf`);
    }
    if ('const' in schema && value !== schema.const) errors.push(`${path}: not ${JSON.stringify(schema.const)}`);
    if (schema.enum && !schema.enum.includes(value)) errors.push(`${path}: not in enum`);
    const t = schema.type;
    if (t === 'object') {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return [...errors, `${path}: not an object`];
      const obj = value as Record<string, unknown>;
      for (const r of schema.required ?? []) if (!(r in obj)) errors.push(`${path}: missing ${r}`);
      for (const [k, v] of Object.entries(obj)) {
        const sub = schema.properties?.[k];
        if (sub) errors.push(...validate(v, sub, `${path}.${k}`));
        else if (schema.additionalProperties === false) errors.push(`${path}: unknown ${k}`);
      }
    } else if (t === 'array') {
      if (!Array.isArray(value)) return [...errors, `${path}: not an array`];
      if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${path}: too few items`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${path}: too many items`);
      if (schema.items) value.forEach((v, i) => errors.push(...validate(v, schema.items!, `${path}[${i}]`)));
    } else if (t === 'string') {
      if (typeof value !== 'string') return [...errors, `${path}: not a string`];
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
        errors.push(`${path}: does not match ${schema.pattern}`);
      if (schema.minLength !== undefined && value.length < schema.minLength) errors.push(`${path}: too short`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength) errors.push(`${path}: too long`);
    } else if (t === 'integer' || t === 'number') {
      if (typeof value !== 'number' || (t === 'integer' && !Number.isInteger(value)))
        return [...errors, `${path}: not an ${t}`];
      if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${path}: below ${schema.minimum}`);
      if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${path}: above ${schema.maximum}`);
    }
    return errors;
  }

  return { def, validate };
}
