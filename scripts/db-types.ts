// Writes apps/server/src/db/tables.generated.ts, the Kysely table types, from the database the
// migrations build: an in-memory PGlite is migrated with apps/server/src/db/migrate.ts and its
// catalog read back (tables, columns, types, nullability, defaults, identity and generated columns,
// enums). So the types cannot drift from the migrations.
//
//   npx tsx scripts/db-types.ts           write the file (npm run db:types)
//   npx tsx scripts/db-types.ts --check   exit 1, naming the difference, if the file is stale (npm run db:types:check)
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDb } from '../apps/server/src/db/connection.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('../apps/server/src/db/tables.generated.ts', import.meta.url));

interface ColumnInfo {
  table: string;
  table_kind: string; // pg_class.relkind: r table, p partitioned table, v view, m materialized view
  column: string;
  type: string; // pg_type.typname (for arrays, of the element)
  type_schema: string;
  is_array: boolean;
  is_enum: boolean;
  not_null: boolean;
  has_default: boolean;
  identity: string; // '' | 'a' (always) | 'd' (by default)
  generated: string; // '' | 's' (stored)
}

/**
 * What our connection returns for each PostgreSQL type (connection.ts: int8 and numeric are parsed
 * to numbers on both engines; timestamps arrive as Date; json/jsonb arrive parsed). A type missing
 * here stops the generator: add it rather than guess.
 */
const TYPES: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  name: 'string',
  citext: 'string',
  uuid: 'string',
  inet: 'string',
  cidr: 'string',
  time: 'string',
  timetz: 'string',
  bytea: 'Uint8Array',
  json: 'Json',
  jsonb: 'Json',
  date: 'Timestamp',
  timestamp: 'Timestamp',
  timestamptz: 'Timestamp',
};

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
/** A string literal as prettier writes it: single quotes unless the text holds more of them than double quotes. */
const quote = (s: string) => {
  const q = (s.match(/'/g) ?? []).length > (s.match(/"/g) ?? []).length ? '"' : "'";
  return q + s.replace(/\\/g, '\\\\').replace(new RegExp(q, 'g'), `\\${q}`) + q;
};
const key = (s: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) ? s : quote(s));
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function introspect(): Promise<{ columns: ColumnInfo[]; enums: Map<string, string[]> }> {
  const handle = await openDb({ databaseUrl: null, dataDir: ':memory:' });
  try {
    await migrate(handle.db);
    const { rows: columns } = await sql<ColumnInfo>`
      select c.relname as "table", c.relkind as table_kind, a.attname as "column",
             coalesce(e.typname, t.typname) as "type", coalesce(en.nspname, tn.nspname) as type_schema,
             e.oid is not null as is_array, coalesce(e.typtype, t.typtype) = 'e' as is_enum,
             a.attnotnull as not_null, a.atthasdef as has_default,
             a.attidentity::text as identity, a.attgenerated::text as "generated"
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_type t on t.oid = a.atttypid
        join pg_namespace tn on tn.oid = t.typnamespace
        left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
        left join pg_namespace en on en.oid = e.typnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
         -- A partition (bin_clips' months) is read and written through its parent, never by name.
         and not c.relispartition
         and a.attnum > 0 and not a.attisdropped
         and c.relname not in ('kysely_migration', 'kysely_migration_lock')
       order by c.relname, a.attname`.execute(handle.db);
    const { rows: labels } = await sql<{ name: string; label: string }>`
      select t.typname as name, e.enumlabel as label
        from pg_enum e join pg_type t on t.oid = e.enumtypid join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = current_schema()
       order by t.typname, e.enumsortorder`.execute(handle.db);
    const enums = new Map<string, string[]>();
    for (const { name, label } of labels) enums.set(name, [...(enums.get(name) ?? []), label]);
    return { columns, enums };
  } finally {
    await handle.close();
  }
}

function tsType(c: ColumnInfo): string {
  let base: string;
  if (c.is_enum) base = pascal(c.type);
  else if (TYPES[c.type]) base = TYPES[c.type];
  else throw new Error(`${c.table}.${c.column}: no TypeScript type for PostgreSQL type ${c.type_schema}.${c.type}; add one to TYPES in scripts/db-types.ts`);
  if (c.is_array) {
    // connection.ts parses int8 and numeric to numbers, but only scalars: pg returns their arrays as
    // strings while PGlite returns numbers. Give the engines one answer (a parser there) first.
    if (c.type === 'int8' || c.type === 'numeric')
      throw new Error(
        `${c.table}.${c.column}: ${c.type}[] reads as strings from pg but numbers from PGlite; add an array type parser to connection.ts, then a mapping here`,
      );
    // An array of timestamps reads as Date[]; JSON in an array reads parsed.
    const element = base === 'Timestamp' ? 'Date' : base === 'Json' ? 'unknown' : base;
    return `${element}[]`;
  }
  return base;
}

/** The column's type with its insert rule: GeneratedAlways (never written), Generated (optional) or plain. */
function columnType(c: ColumnInfo): string {
  const t = c.not_null ? tsType(c) : `${tsType(c)} | null`;
  if (c.identity === 'a' || c.generated === 's') return `GeneratedAlways<${t}>`;
  if (c.identity === 'd' || c.has_default) return `Generated<${t}>`;
  return t;
}

function render(columns: ColumnInfo[], enums: Map<string, string[]>): string {
  // Sorted here, by code point, so that the database's collation never reorders the file.
  columns = [...columns].sort((x, y) => byName(x.table, y.table) || byName(x.column, y.column));
  const tables = new Map<string, ColumnInfo[]>();
  for (const c of columns) tables.set(c.table, [...(tables.get(c.table) ?? []), c]);
  const names = [...tables.keys()].sort(byName);
  const enumNames = [...enums.keys()].sort(byName);
  const types = columns.map(columnType);

  // Every exported name once: two tables (or an enum and a helper) that map to one name stop the generator.
  const exported = new Map<string, string>([
    ['Generated', 'helper'],
    ['GeneratedAlways', 'helper'],
    ['Timestamp', 'helper'],
    ['Json', 'helper'],
    ['DB', 'helper'],
  ]);
  const claim = (ts: string, what: string) => {
    const other = exported.get(ts);
    if (other) throw new Error(`${what} and ${other} both map to the TypeScript name ${ts}; rename one or change pascal() in scripts/db-types.ts`);
    exported.set(ts, what);
  };
  for (const e of enumNames) claim(pascal(e), `enum ${e}`);
  for (const t of names) claim(`${pascal(t)}Table`, `table ${t}`);

  const out: string[] = [
    '// Generated by scripts/db-types.ts from the database that apps/server/src/db/migrations/ build. Do not edit:',
    '// after adding or changing a migration run `npm run db:types` (`npm run db:types:check` in `npm test` fails when stale).',
    '// Overrides that narrow a column (a string union for a text column, say) belong in schema.ts.',
    "import type { ColumnType } from 'kysely';",
    '',
  ];
  // Kysely's own Generated<T> would wrap a ColumnType (Timestamp, Json) in another; these keep its select and update types.
  if (types.some((t) => t.startsWith('Generated<'))) {
    out.push('/** A column with a default (serial, identity by default, default ...): optional on insert. */');
    out.push('export type Generated<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;');
  }
  if (types.some((t) => t.startsWith('GeneratedAlways<'))) {
    out.push('/** An identity-always or generated column: never written. */');
    out.push('export type GeneratedAlways<T> = T extends ColumnType<infer S, unknown, unknown> ? ColumnType<S, never, never> : ColumnType<T, never, never>;');
  }
  out.push('/** timestamptz, timestamp and date: read as Date, written as Date or an ISO string. */');
  out.push('export type Timestamp = ColumnType<Date, Date | string, Date | string>;');
  out.push('/** json and jsonb: read parsed, written as JSON text (JSON.stringify). */');
  out.push('export type Json<T = unknown> = ColumnType<T, string, string>;');
  for (const e of enumNames) out.push('', `/** Enum ${e}. */`, `export type ${pascal(e)} = ${enums.get(e)!.map(quote).join(' | ')};`);

  for (const t of names) {
    const cols = tables.get(t)!;
    const kind = cols[0].table_kind === 'v' ? 'View' : cols[0].table_kind === 'm' ? 'Materialized view' : 'Table';
    out.push('', `/** ${kind} ${t}. */`, `export interface ${pascal(t)}Table {`);
    for (const c of cols) out.push(`  ${key(c.column)}: ${columnType(c)};`);
    out.push('}');
  }

  out.push('', '/** Table name to table type: the type parameter of Kysely<DB>. */', 'export interface DB {');
  for (const t of names) out.push(`  ${key(t)}: ${pascal(t)}Table;`);
  out.push('}', '');
  return out.join('\n');
}

/** The lines that differ (a small LCS diff), each named by the type it is in and its line in the checked-in file. */
function diff(before: string, after: string, limit = 40): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const m = a.length;
  const n = b.length;
  const lcs: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let i = m - 1; i >= 0; i--) for (let j = n - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const lines: string[] = [];
  let section = 'header';
  const enter = (line: string) => (section = /^export (?:interface|type) (\w+)/.exec(line)?.[1] ?? section);
  let i = 0;
  let j = 0;
  while (i < m || j < n) {
    if (i < m && j < n && a[i] === b[j]) {
      enter(a[i]);
      i++;
      j++;
    } else if (i < m && (j === n || lcs[i + 1][j] >= lcs[i][j + 1])) {
      enter(a[i]);
      lines.push(`  ${section}, line ${i + 1}: - ${a[i++]}`);
    } else {
      enter(b[j]);
      lines.push(`  ${section}, line ${i + 1}: + ${b[j++]}`);
    }
  }
  return lines.length > limit ? [...lines.slice(0, limit), `  … and ${lines.length - limit} more`] : lines;
}

async function main() {
  const check = process.argv.includes('--check');
  const started = performance.now();
  const { columns, enums } = await introspect();
  const text = render(columns, enums);
  const file = relative(ROOT, OUT);
  const ms = Math.round(performance.now() - started);
  if (!check) {
    writeFileSync(OUT, text);
    console.log(`db-types: wrote ${file} (${new Set(columns.map((c) => c.table)).size} tables, ${ms} ms)`);
    return;
  }
  let current: string | null = null;
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    // missing: reported below
  }
  if (current === text) {
    console.log(`db-types: ${file} matches the migrations (${ms} ms)`);
    return;
  }
  console.error(current === null ? `db-types: ${file} is missing.` : `db-types: ${file} is stale; the migrations give (- checked in, + generated):`);
  if (current !== null) for (const line of diff(current, text)) console.error(line);
  console.error('Run `npm run db:types` and commit the result.');
  process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(`db-types: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
