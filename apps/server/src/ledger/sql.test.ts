// The ledger's statements as checked-in SQL (ledger/sql/*.sql): what each writer of bin_clips and
// its rollups compiles from fixed inputs. A change to a statement fails here until its .sql file
// is rewritten (UPDATE_SQL=1 npx vitest run apps/server/src/ledger/sql.test.ts) and reviewed.
// The writers share rollups.ts's builders (the rollup upserts, the items of a clip), so each
// builder's SQL stands once, in ledger/sql/rollups.sql, with ⟪holes⟫ for its arguments, and an
// operation's file names it where its statement has it: `${placesUpsert(`…the argument…`)}`.
// Every statement is checked to be given back whole by its file and rollups.sql (expand below),
// so a change to any statement changes one of the files.
import { fileURLToPath } from 'node:url';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { enrich } from '../nlp/enrich.ts';
import { compiledSql, expectSqlFile } from '../test/sql-snapshot.ts';
import {
  changeBinClips,
  dropBinClipsBefore,
  filePosts,
  rebuildRollups,
  reclassify,
  recordRejectedBy,
  revalueClientPosts,
  withStoredCounts,
  type PreparedPost,
} from './index.ts';
import { cutItems, itemRowsUpsert, itemsOf, placesUpsert, railPostRows, rollupUpsert, sentimentUpsert, storedItems } from './rollups.ts';

const file = (name: string) => fileURLToPath(new URL(`./sql/${name}.sql`, import.meta.url));

const body = 'Loving the new #Acme phone from @acme, see https://acme.test/p in Cape Town';
const prepared: PreparedPost = {
  post: {
    streamId: 7,
    externalId: 'p1',
    author: { externalId: 'a1', name: 'Thandi', handle: 'thandi', followers: 120 },
    body,
    postedAt: new Date('2026-01-02T03:04:05Z'),
    link: 'https://x.test/p1',
    likes: 3,
    country: 'ZA',
    location: 'Cape Town',
  },
  enrichment: enrich(body, 'en'),
  impressions: 150,
  reach: 150,
  bins: [{ binId: 10, projectId: 1, classificationId: 1, favourabilityId: 1, brandAssociationId: 2, ave: 1.5, impactScore: 0.2 }],
  wordBins: [5],
};

/** A builder several statements share. `args`: `name` a piece of SQL, 'name' an identifier; `build` gets each as its ⟪hole⟫. */
interface Piece {
  name: string;
  args: string[];
  build: (...holes: string[]) => RawBuilder<unknown>;
}

// Those holding others first: a piece is found in a statement before the pieces inside it.
const pieces: Piece[] = [
  { name: 'rollupUpsert', args: ['`source`', '`railRows`'], build: (s, r) => rollupUpsert(sql.raw(s), sql.raw(r)) },
  { name: 'sentimentUpsert', args: ['`source`'], build: (s) => sentimentUpsert(sql.raw(s)) },
  { name: 'itemRowsUpsert', args: [], build: () => itemRowsUpsert() },
  { name: 'placesUpsert', args: ['`source`'], build: (s) => placesUpsert(sql.raw(s)) },
  { name: 'cutItems', args: ['`source`'], build: (s) => cutItems(sql.raw(s)) },
  { name: 'storedItems', args: ['`from`'], build: (f) => storedItems(sql.raw(f)) },
  { name: 'railPostRows', args: ['`rails`'], build: (r) => railPostRows(sql.raw(r)) },
  { name: 'itemsOf', args: ["'d'"], build: (d) => itemsOf(d) },
];

const HOLE = /\u27ea(\w+)\u27eb/g;
const argName = (arg: string) => arg.slice(1, -1);
const hole = (arg: string) => `\u27ea${argName(arg)}\u27eb`;

/** The SQL of the calls, one text per call (its statements, each ending with ';'). */
async function compiledEach(calls: Record<string, (db: Kysely<Database>) => Promise<unknown>>): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const [name, run] of Object.entries(calls)) {
    const text = await compiledSql({ [name]: run });
    out.push([name, text.slice(text.indexOf('\n') + 1)]);
  }
  return out;
}

/** Each piece's SQL with its holes (parameters numbered from $1). */
async function templatesOf(): Promise<Map<string, string>> {
  const compiled = await compiledEach(
    Object.fromEntries(pieces.map((p) => [p.name, (db: Kysely<Database>) => sql`${p.build(...p.args.map(hole))}`.execute(db)])),
  );
  return new Map(compiled.map(([name, text]) => [name, text.replace(/;\n$/, '')]));
}

/** A piece's SQL as a pattern: its holes any text (an identifier for 'name'), the same text where a hole comes again; any parameter numbers. */
function patternOf(piece: Piece, template: string): RegExp {
  const seen = new Set<string>();
  let re = '';
  let at = 0;
  for (const m of template.matchAll(/\u27ea(\w+)\u27eb|\$\d+/g)) {
    re += template.slice(at, m.index).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    at = m.index + m[0].length;
    const name = m[1];
    if (name === undefined) re += '\\$\\d+';
    else if (seen.has(name)) re += `\\k<${name}>`;
    else {
      seen.add(name);
      re += piece.args.includes(`'${name}'`) ? `(?<${name}>\\w+)` : `(?<${name}>[\\s\\S]*?)`;
    }
  }
  return new RegExp(re + template.slice(at).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
}

/** `text` with every piece (but `except`) it holds written as the call `${name(`arg`, 'arg')}`. */
function shorten(text: string, templates: Map<string, string>, except?: string): string {
  let out = text;
  for (const piece of pieces) {
    if (piece.name === except) continue;
    out = out.replace(patternOf(piece, templates.get(piece.name)!), (...m) => {
      const groups = m.at(-1) as Record<string, string>;
      const args = piece.args.map((a) => a[0] + groups[argName(a)] + a[0]);
      return `\${${piece.name}(${args.join(', ')})}`;
    });
  }
  return out;
}

/** `shorten` undone: every call replaced by its piece's SQL, the holes by the call's arguments, the parameters numbered again per statement. */
function expand(text: string, templates: Map<string, string>): string {
  let i = 0;
  const take = (s: string) => {
    if (!text.startsWith(s, i)) throw new Error(`expected ${s} at ${i} of ${text}`);
    i += s.length;
  };
  const read = (end: string | null): string => {
    let out = '';
    for (;;) {
      if (end !== null && text.startsWith(end, i)) {
        i += end.length;
        return out;
      }
      if (i >= text.length) {
        if (end === null) return out;
        throw new Error(`no closing ${end} in ${text}`);
      }
      const call = /\$\{(\w+)\(/y;
      call.lastIndex = i;
      const m = call.exec(text);
      const piece = m && pieces.find((p) => p.name === m[1]);
      if (!m || !piece) {
        out += text[i++];
        continue;
      }
      i = call.lastIndex;
      const values = new Map<string, string>();
      piece.args.forEach((a, k) => {
        if (k > 0) take(', ');
        take(a[0]!);
        values.set(argName(a), read(a[0]!));
      });
      take(')}');
      out += templates.get(piece.name)!.replace(HOLE, (_, name: string) => values.get(name)!);
    }
  };
  return read(null)
    .split(';\n')
    .map((statement) => {
      let n = 0;
      return statement.replace(/\$\d+/g, () => `$${++n}`);
    })
    .join(';\n');
}

/**
 * The operation's file: per call its statements with the shared pieces named (or, where they are
 * another call's to the letter, that call named), each checked to expand to the statements again.
 */
async function operationSql(calls: Record<string, (db: Kysely<Database>) => Promise<unknown>>): Promise<string> {
  const templates = await templatesOf();
  const done = new Map<string, string>();
  const out: string[] = [];
  for (const [name, text] of await compiledEach(calls)) {
    expect(text, "no backquote in the ledger's SQL: rollups.sql quotes with it").not.toContain('`');
    const same = done.get(text);
    if (same !== undefined) {
      out.push(`-- ${name}\n-- (the same statements as ${same})\n`);
      continue;
    }
    done.set(text, name);
    const short = shorten(text, templates);
    expect(expand(short, templates), `${name}: its file must give its SQL back whole`).toBe(text);
    out.push(`-- ${name}\n${short}`);
  }
  return out.join('\n');
}

describe("the ledger's SQL", () => {
  it('writes the builders the statements share as ledger/sql/rollups.sql says', async () => {
    const templates = await templatesOf();
    const text = pieces.map((p) => {
      const template = templates.get(p.name)!;
      expect(expand(shorten(template, templates, p.name), templates)).toBe(template);
      return `-- ${p.name}(${p.args.join(', ')})\n${shorten(template, templates, p.name)}\n`;
    });
    const head =
      "-- rollups.ts's builders that the ledger's statements share, each written once (ledger/sql.test.ts).\n-- ⟪name⟫ is the builder's argument; $1… its parameters, numbered on in the statement that has it.\n\n";
    expectSqlFile(file('rollups'), head + text.join('\n'));
  });

  it('files posts as ledger/sql/file-posts.sql says', async () => {
    const text = await operationSql({
      withStoredCounts: (db) => withStoredCounts(db, [{ ...prepared.post, likes: undefined }]),
      filePosts: (db) => filePosts(db, [prepared]),
    });
    expectSqlFile(file('file-posts'), text);
  });

  it('changes clips as ledger/sql/change-clips.sql says', async () => {
    const text = await operationSql({
      'changeBinClips (rate)': (db) => changeBinClips(db, [1, 2], { favourabilityId: 3 }),
      'changeBinClips (reject)': (db) => changeBinClips(db, [1, 2], { rejected: true }),
      recordRejectedBy: (db) => recordRejectedBy(db, [1, 2], { userId: 4, at: new Date('2026-01-02T03:04:05Z') }),
      'recordRejectedBy (restore)': (db) => recordRejectedBy(db, [1, 2], null),
      reclassify: (db) => reclassify(db, [{ id: 1, classificationId: 2 }]),
    });
    expectSqlFile(file('change-clips'), text);
  });

  it('revalues as ledger/sql/revalue.sql says', async () => {
    const text = await operationSql({ revalueClientPosts: (db) => revalueClientPosts(db, 1, [{ streamId: 7, cpm: 12.5 }]) });
    expectSqlFile(file('revalue'), text);
  });

  it('rebuilds the rollups as ledger/sql/rebuild-rollups.sql says', async () => {
    const text = await operationSql({
      'rebuildRollups (all bins)': (db) => rebuildRollups(db),
      'rebuildRollups (some bins)': (db) => rebuildRollups(db, [10, 11]),
    });
    expectSqlFile(file('rebuild-rollups'), text);
  });

  it('drops rows past a retention cutoff as ledger/sql/retention.sql says', async () => {
    const text = await operationSql({ dropBinClipsBefore: (db) => dropBinClipsBefore(db, [10, 11], new Date('2026-01-01T00:00:00Z'), 5000) });
    expectSqlFile(file('retention'), text);
  });
});
