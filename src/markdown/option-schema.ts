/**
 * Reading a JSON Schema of options (webpack's `WebpackOptions.json`,
 * webpack-dev-server's `options.json`) the way a reader of a configuration
 * needs it: which keys an object may have whichever of its forms is used,
 * whether it takes keys of any name, what an array holds, and a short type
 * (pure).
 */

/** A JSON Schema as far as options are read from it. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  instanceof?: string;
  tsType?: string;
  default?: unknown;
  deprecated?: boolean;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  definitions?: Record<string, JsonSchema>;
}

/** The definition a `$ref` names (`#/definitions/Output` → `Output`), or undefined. */
function refName(schema: JsonSchema): string | undefined {
  return schema.$ref?.startsWith("#/definitions/") ? schema.$ref.slice("#/definitions/".length) : undefined;
}

/**
 * Every form a schema allows, `$ref`s followed and the branches of `anyOf`,
 * `oneOf` and `allOf` spread out; a schema that refers to itself is read once.
 */
function formsOf(schema: JsonSchema, root: JsonSchema, seen = new Set<JsonSchema>()): JsonSchema[] {
  const name = refName(schema);
  const resolved = name === undefined ? schema : root.definitions?.[name];
  if (!resolved || seen.has(resolved)) return [];
  seen.add(resolved);
  const branches = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  return [resolved, ...branches.flatMap((branch) => formsOf(branch, root, seen))];
}

const isObjectForm = (form: JsonSchema) =>
  form.properties !== undefined ||
  form.additionalProperties !== undefined ||
  form.type === "object" ||
  (Array.isArray(form.type) && form.type.includes("object"));

/** The named keys an object may have, over all of the schema's object forms. */
export function propertiesOf(schema: JsonSchema, root: JsonSchema): Record<string, JsonSchema> {
  const found: Record<string, JsonSchema> = {};
  for (const form of formsOf(schema, root)) Object.assign(found, form.properties);
  return found;
}

/**
 * What an object's keys of any name hold: the schema of their values when
 * one of its object forms takes keys besides its named ones (`resolve.alias`,
 * `entry`, a cache group, a loader's `options`), `true` when they may hold
 * anything, and undefined when every key must be a named one.
 */
export function otherKeysOf(schema: JsonSchema, root: JsonSchema): JsonSchema | true | undefined {
  let found: JsonSchema | true | undefined;
  for (const form of formsOf(schema, root)) {
    if (!isObjectForm(form) || form.additionalProperties === false) continue;
    if (form.additionalProperties === undefined || form.additionalProperties === true) found ??= true;
    else if (found === undefined || found === true) found = form.additionalProperties;
  }
  return found;
}

/** What an array may hold, over all of the schema's array forms; undefined when it has none. */
export function itemsOf(schema: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  const items = formsOf(schema, root).flatMap((form) => (form.items === undefined ? [] : Array.isArray(form.items) ? form.items : [form.items]));
  return items.length === 0 ? undefined : items.length === 1 ? items[0] : { anyOf: items };
}

/** One form's type as a reader writes it: `string`, `"auto"`, `RegExp`, `function`, `object`, `string[]` (an array's items read one level deep). */
function formType(form: JsonSchema, root: JsonSchema, nested: boolean): string[] {
  if (form.enum) return form.enum.map((value) => JSON.stringify(value));
  if ("const" in form) return [JSON.stringify(form.const)];
  if (form.instanceof) return [form.instanceof === "Function" ? "function" : form.instanceof];
  const types = form.type === undefined ? [] : Array.isArray(form.type) ? form.type : [form.type];
  return types.map((type) => {
    if (type !== "array") return type;
    const items = nested ? undefined : itemsOf(form, root);
    const inner = items ? typeOf(items, root, 40, true) : "";
    return inner && !inner.includes(" | ") ? `${inner}[]` : "array";
  });
}

/**
 * A short type of an option (pure): its forms' types joined with ` | `,
 * each written once, in the schema's order (`"auto" | string | function`).
 * Forms without a type of their own (a `$ref` to a union) are read through;
 * a type past `limit` characters ends in `…`.
 */
export function typeOf(schema: JsonSchema, root: JsonSchema, limit = 80, nested = false): string {
  const parts: string[] = [];
  for (const form of formsOf(schema, root)) for (const type of formType(form, root, nested)) if (!parts.includes(type)) parts.push(type);
  const joined = parts.join(" | ");
  return joined.length > limit ? `${joined.slice(0, limit - 1).trimEnd()}…` : joined;
}

/** The option's description: the schema's own, or the first of its forms that has one. */
export function descriptionOf(schema: JsonSchema, root: JsonSchema): string {
  return formsOf(schema, root).find((form) => form.description)?.description ?? "";
}

/** True when any form of the option is marked deprecated. */
export function isDeprecated(schema: JsonSchema, root: JsonSchema): boolean {
  return schema.deprecated === true || formsOf(schema, root).some((form) => form.deprecated === true);
}

/** The definitions a schema names, itself or through its branches (`{ anyOf: [{ $ref: "#/definitions/RuleSetRule" }, …] }` → `RuleSetRule`). */
export function definitionsOf(schema: JsonSchema, root: JsonSchema, seen = new Set<JsonSchema>()): string[] {
  const name = refName(schema);
  const resolved = name === undefined ? schema : root.definitions?.[name];
  if (!resolved || seen.has(resolved)) return [];
  seen.add(resolved);
  const branches = resolved ? [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])] : [];
  return [...(name === undefined ? [] : [name]), ...branches.flatMap((branch) => definitionsOf(branch, root, seen))];
}
