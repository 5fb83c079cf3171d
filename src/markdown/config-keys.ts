import { parse } from "@babel/parser";
import type { Expression, Node, ObjectExpression, Program, Statement } from "@babel/types";
import { type JsonSchema, definitionsOf, isDeprecated, itemsOf, otherKeysOf, propertiesOf } from "./option-schema.ts";

/**
 * Finds the option keys of a configuration example (pure): the code is
 * parsed with Babel's parser (JavaScript, ES modules or TypeScript), the
 * value it exports is followed to the configuration objects it is made of,
 * and each key of those objects is read against the options' schemas.
 */

/** A schema and where in a configuration it applies: webpack's at the root, webpack-dev-server's at `devServer`. */
export interface SchemaMount {
  /** The option path it applies at; empty for the whole configuration. */
  at: readonly string[];
  root: JsonSchema;
  /** Names the reference gives the objects of some definitions (`RuleSetRule` → `Rule`, so a rule's `test` is `Rule.test`). */
  names: Readonly<Record<string, string>>;
}

/** One key of a configuration example. */
export interface KeyUse {
  /** Offsets of the key in the code, end excluded. */
  start: number;
  end: number;
  /** Its line (from 1) and column (from 1) in the code. */
  line: number;
  column: number;
  /**
   * The option's name as the reference writes it, a part a key: `output`,
   * `publicPath`; `Rule`, `test`; a key of free name (an entry's or a cache
   * group's) is `*`.
   */
  name: string[];
  /** An option of the schema, one deprecated, a key of free name (an entry's, an alias), or a key the schema does not have. */
  kind: "option" | "deprecated" | "free" | "unknown";
  /** The option's schema and the schema it is read from (options only). */
  schema?: JsonSchema;
  mount: SchemaMount;
}

type Binding = Expression | Extract<Statement, { type: "FunctionDeclaration" }>;

/** Where the code's top-level names are bound, for following `module.exports = config`. */
function bindingsOf(program: Program): Map<string, Binding> {
  const bindings = new Map<string, Binding>();
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type === "VariableDeclaration")
      for (const d of declaration.declarations) if (d.id.type === "Identifier" && d.init && !bindings.has(d.id.name)) bindings.set(d.id.name, d.init);
    if (declaration?.type === "FunctionDeclaration" && declaration.id) bindings.set(declaration.id.name, declaration);
  }
  return bindings;
}

const isModuleExports = (node: Node) =>
  node.type === "MemberExpression" &&
  node.object.type === "Identifier" &&
  node.object.name === "module" &&
  node.property.type === "Identifier" &&
  node.property.name === "exports";

/** The values the code exports: `module.exports = …` and `export default …`. */
function exported(program: Program): Node[] {
  const found: Node[] = [];
  for (const statement of program.body) {
    if (statement.type === "ExportDefaultDeclaration") found.push(statement.declaration);
    if (statement.type === "ExpressionStatement" && statement.expression.type === "AssignmentExpression" && isModuleExports(statement.expression.left))
      found.push(statement.expression.right);
  }
  return found;
}

/** The values a function returns: its arrow body, or the arguments of its `return` statements (not those of functions inside it). */
function returned(node: Node): Node[] {
  if (node.type === "ArrowFunctionExpression" && node.body.type !== "BlockStatement") return [node.body];
  const found: Node[] = [];
  const walk = (statement: Node | null | undefined) => {
    if (!statement) return;
    if (statement.type === "ReturnStatement" && statement.argument) found.push(statement.argument);
    else if (statement.type === "BlockStatement") statement.body.forEach(walk);
    else if (statement.type === "IfStatement") {
      walk(statement.consequent);
      walk(statement.alternate);
    } else if (statement.type === "TryStatement") {
      walk(statement.block);
      walk(statement.handler?.body);
    }
  };
  if ("body" in node) walk(node.body as Node);
  return found;
}

/**
 * The object literals an exported value is made of: the value itself, each
 * element of an array, what a function returns, both sides of a condition,
 * the arguments of a call (`merge(common, {…})`, `defineConfig({…})`) and
 * the value of a name bound at the top level.
 */
function configObjects(value: Node, bindings: Map<string, Binding>, seen = new Set<Node>()): ObjectExpression[] {
  if (seen.has(value)) return [];
  seen.add(value);
  const follow = (next: Node | null | undefined): ObjectExpression[] => (next ? configObjects(next, bindings, seen) : []);
  switch (value.type) {
    case "ObjectExpression":
      return [value];
    case "ArrayExpression":
      return value.elements.flatMap((element) => follow(element));
    case "ArrowFunctionExpression":
    case "FunctionExpression":
    case "FunctionDeclaration":
      return returned(value).flatMap(follow);
    case "ConditionalExpression":
      return [...follow(value.consequent), ...follow(value.alternate)];
    case "LogicalExpression":
      return [...follow(value.left), ...follow(value.right)];
    case "CallExpression":
      return value.arguments.flatMap((argument) => follow(argument));
    case "Identifier":
      return follow(bindings.get(value.name));
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "TSNonNullExpression":
    case "ParenthesizedExpression":
      return follow(value.expression);
    case "AwaitExpression":
      return follow(value.argument);
    default:
      return [];
  }
}

/** A key's name when it is written out: `output`, `"output"`; undefined for computed and numeric keys. */
function keyName(key: Node, computed: boolean): string | undefined {
  if (computed) return undefined;
  if (key.type === "Identifier") return key.name;
  if (key.type === "StringLiteral") return key.value;
  return undefined;
}

/** Walks the keys of configuration objects against the schemas, collecting each key's use. */
class KeyWalker {
  readonly uses: KeyUse[] = [];

  constructor(private readonly mounts: readonly SchemaMount[]) {}

  /** The schema mounted at an option path, if one is. */
  private mountAt(path: readonly string[]): SchemaMount | undefined {
    return this.mounts.find((mount) => mount.at.length > 0 && mount.at.length === path.length && mount.at.every((part, i) => part === path[i]));
  }

  /** The name a value's keys are written under: a named definition's own name (`Rule`), or the path so far. */
  private nameFor(schema: JsonSchema, mount: SchemaMount, name: string[]): string[] {
    const renamed = definitionsOf(schema, mount.root).find((definition) => Object.hasOwn(mount.names, definition));
    return renamed === undefined ? name : [mount.names[renamed]];
  }

  /** Reads a key's value: an object's keys against the value's schema, an array's objects against its items' schema. */
  private value(node: Node, schema: JsonSchema, mount: SchemaMount, name: string[], path: string[]): void {
    if (node.type === "ObjectExpression") this.object(node, schema, mount, this.nameFor(schema, mount, name), path);
    else if (node.type === "ArrayExpression") {
      const items = itemsOf(schema, mount.root);
      if (items) for (const element of node.elements) if (element) this.value(element, items, mount, name, path);
    }
  }

  object(node: ObjectExpression, schema: JsonSchema, mount: SchemaMount, name: string[], path: string[]): void {
    const named = propertiesOf(schema, mount.root);
    const others = otherKeysOf(schema, mount.root);
    for (const property of node.properties) {
      if (property.type === "SpreadElement") continue;
      const key = keyName(property.key, property.computed);
      if (key === undefined || !property.key.loc || property.key.start == null || property.key.end == null) continue;
      const value = property.type === "ObjectProperty" ? property.value : undefined;
      const at = { start: property.key.start, end: property.key.end, line: property.key.loc.start.line, column: property.key.loc.start.column + 1 };
      const option = Object.hasOwn(named, key) ? named[key] : undefined;
      if (option) {
        const deprecated = isDeprecated(option, mount.root);
        this.uses.push({ ...at, name: [...name, key], kind: deprecated ? "deprecated" : "option", schema: option, mount });
        const inner = this.mountAt([...path, key]);
        if (value && inner) {
          if (value.type === "ObjectExpression") this.object(value, inner.root, inner, [...inner.at], [...path, key]);
        } else if (value) this.value(value, option, mount, [...name, key], [...path, key]);
      } else if (others === undefined) {
        this.uses.push({ ...at, name: [...name, key], kind: "unknown", mount });
      } else {
        // A key of free name (an entry's, a cache group's) is no option; what it holds may have options again.
        this.uses.push({ ...at, name: [...name, "*"], kind: "free", mount });
        if (others !== true && value) this.value(value, others, mount, [...name, "*"], [...path, "*"]);
      }
    }
  }
}

/**
 * The keys of a configuration example (pure), or undefined when the code
 * does not parse or exports no configuration. In a block titled as a
 * configuration file (`titled`) every exported object is one; in another, an
 * exported object counts when it uses at least one of the root schema's
 * top-level options, so a Babel or PostCSS configuration is left alone.
 */
export function configKeys(code: string, options: { typescript: boolean; titled: boolean; mounts: readonly SchemaMount[] }): KeyUse[] | undefined {
  const base = options.mounts.find((mount) => mount.at.length === 0);
  if (!base || !/\bmodule\.exports\b|\bexport\s+default\b/.test(code)) return undefined;
  let program: Program;
  try {
    program = parse(code, { sourceType: "unambiguous", plugins: options.typescript ? ["typescript"] : [], errorRecovery: true }).program;
  } catch {
    // A snippet that does not parse (an ellipsis standing for the rest) is no example to read.
    return undefined;
  }
  const bindings = bindingsOf(program);
  const topLevel = propertiesOf(base.root, base.root);
  const roots = exported(program)
    .flatMap((value) => configObjects(value, bindings))
    .filter(
      (object) => options.titled || object.properties.some((p) => p.type !== "SpreadElement" && Object.hasOwn(topLevel, keyName(p.key, p.computed) ?? "")),
    );
  if (roots.length === 0) return undefined;
  const walker = new KeyWalker(options.mounts);
  for (const root of new Set(roots)) walker.object(root, base.root, base, [], []);
  return walker.uses.sort((a, b) => a.start - b.start);
}
