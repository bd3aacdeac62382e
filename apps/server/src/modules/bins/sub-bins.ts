// Sub-bin management (Sort Bins and Input Bins in the project side menu): list, create, rename,
// delete a project's sort bins (type 2) and input bins (type 6), and edit their rules. Who may:
// a user who may see the project (access/, 404 otherwise), when the client owns the product
// (the side menu's own gate, 403 naming it), and for changes, when the client is not In-Active
// (read-only to its contacts; admins may still fix data). Rules are checked with the matcher's
// own parser, so a rule that saves is a rule that matches; they file posts ingested from then on
// (posts already stored are not sorted again). Deleting is soft: the bin and the bins inside it
// leave every screen and stop collecting; their posts stay in the project.
import { BIN_TYPE, PROJECT_SUB_BINS_MAX, RULE_KIND_LABELS, SUB_BIN_DEPTH_MAX, quoteInput, type GatedItem, type RuleKind } from '@listening/contract';
import type * as C from '@listening/contract';
import type { z } from 'zod';
import { assertClientWritable, projectForUser } from '../../access/index.ts';
import { clipCountsByBin } from '../../analytics/rollup-queries.ts';
import { assertUnlocked, resolveScope } from '../../analytics/scope.ts';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import type { ProjectRow } from '../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { ExpressionError, parseExpression } from '../../ingest/matcher/expression.ts';
import { mapperFor } from '../../ingest/matcher/compile.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

type SubBin = z.infer<typeof C.SubBin>;
type RuleInput = z.output<typeof C.BinRuleInput>;

/** The product that unlocks a kind of sub-bin. */
export const productOf = (binTypeId: number): GatedItem => (binTypeId === BIN_TYPE.InputBin ? 'InputBins' : 'SortBins');
const kindName = (binTypeId: number) => (binTypeId === BIN_TYPE.InputBin ? 'input bin' : 'sort bin');

/** The message of a rule the matcher cannot read, or null. Numbered from 1 as the screen lists them. */
export function ruleProblem(rule: RuleInput, index: number): string | null {
  try {
    parseExpression(rule.expression, mapperFor(rule.kind));
    return null;
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    return `Rule ${index + 1} (${RULE_KIND_LABELS[rule.kind as RuleKind] ?? rule.kind}) cannot be read: ${err.message}. Write words, "quoted phrases", AND, OR, NOT and parentheses`;
  }
}

function checkedRules(rules: RuleInput[]): q.NewRule[] {
  const problems = rules.map(ruleProblem).filter((p): p is string => p !== null);
  if (problems.length) throw badRequest(problems.join('; '));
  return rules.map((r) => ({ kind: r.kind, expression: r.expression, streamId: r.streamId ?? null }));
}

/** The project for a change to its sub-bins of this kind: 404 unseen, 403 locked or In-Active. */
async function projectForChange(db: Db, user: AuthUser, projectId: number, binTypeId: number): Promise<ProjectRow> {
  const project = await projectForUser(db, user, projectId);
  await assertUnlocked(db, project, productOf(binTypeId));
  await assertClientWritable(db, user, project.client_id);
  return project;
}

/** A live sub-bin and its project, for a change: 404 when unseen (whether it exists or not). */
export async function subBinForChange(db: Db, user: AuthUser, binId: number) {
  const bin = await q.liveSubBin(db, binId);
  if (!bin) throw notFound(`Bin ${binId} not found`);
  const project = await projectForUser(db, user, bin.project_id!).catch(() => {
    throw notFound(`Bin ${binId} not found`);
  });
  await assertUnlocked(db, project, productOf(bin.bin_type_id));
  await assertClientWritable(db, user, project.client_id);
  return { bin, project };
}

type TreeBin = Awaited<ReturnType<typeof q.liveProjectBins>>[number];

/** Depth below the project's root (1 directly under it), or null when the chain is broken. */
function depthOf(id: number, byId: Map<number, TreeBin>, rootId: number | null): number | null {
  let depth = 0;
  for (let b = byId.get(id); b && depth <= 64; b = b.parent_id === null ? undefined : byId.get(b.parent_id)) {
    if (b.id === rootId) return depth;
    depth++;
  }
  return null;
}

/** The bin's id and the ids of every live bin inside it. */
function withDescendants(id: number, bins: TreeBin[]): number[] {
  const children = new Map<number, number[]>();
  for (const b of bins) if (b.parent_id !== null) children.set(b.parent_id, [...(children.get(b.parent_id) ?? []), b.id]);
  const out: number[] = [];
  for (const stack = [id]; stack.length;) {
    const next = stack.pop()!;
    if (out.includes(next)) continue;
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function assertNameFree(bins: TreeBin[], parentId: number, name: string, except?: number): void {
  const clash = bins.find((b) => b.parent_id === parentId && b.id !== except && sameName(b.name, name));
  if (clash) throw new HttpError(409, `A bin named ${quoteInput(clash.name)} already exists there: choose another name`);
}

/**
 * Sort bins (2) or input bins (6) of a project, parents before children, with rules and their
 * posts over the range and streams asked: the count of the dashboard's sort-bin tree for the same
 * bin (analytics clipCountsByBin), in the client's time zone.
 */
export async function listSubBins(db: Db, user: AuthUser, query: z.output<typeof C.SubBinListQuery>): Promise<z.input<typeof C.SubBinList>> {
  const s = await resolveScope(db, user, { ...query, binId: undefined });
  await assertUnlocked(db, s.project, productOf(query.binTypeId));
  return binsOfKind(db, user, s.project, query.binTypeId, (ids) => clipCountsByBin(db, s, ids));
}

/** The project's live bins of one kind in tree order, with their rules and `countPosts`' counts; CanEdit for this user. */
async function binsOfKind(
  db: Db,
  user: AuthUser,
  project: ProjectRow,
  binTypeId: number,
  countPosts: (binIds: number[]) => Promise<Map<number, number>>,
): Promise<z.input<typeof C.SubBinList>> {
  const all = await q.liveProjectBins(db, project.id);
  const byId = new Map(all.map((b) => [b.id, b]));
  const kept = all.filter((b) => b.bin_type_id === binTypeId && depthOf(b.id, byId, project.bin_id) !== null);
  const ids = kept.map((b) => b.id);
  const [counts, rules] = await Promise.all([countPosts(ids), q.rulesOfBins(db, ids)]);
  const toBin = (b: TreeBin, depth: number, parentId: number | null): SubBin => ({
    Id: b.id,
    Name: b.name,
    ParentId: parentId,
    BinTypeId: b.bin_type_id,
    Depth: depth,
    ClipCount: counts.get(b.id) ?? 0,
    Rules: rules.filter((r) => r.bin_id === b.id).map((r) => ({ Id: r.id, Kind: r.kind, Expression: r.expression, StreamId: r.stream_id })),
    DateCreated: b.created_at.toISOString(),
    DateModified: b.modified_at.toISOString(),
  });
  // Depth first, siblings by name (liveProjectBins' order): each parent directly before its
  // children. A bin whose parent is not listed (the project's root, or a bin of the other kind
  // made outside these screens) is listed at the top level.
  const keptIds = new Set(ids);
  const ordered: SubBin[] = [];
  const visit = (b: TreeBin, depth: number, parentId: number | null) => {
    ordered.push(toBin(b, depth, parentId));
    for (const c of kept) if (c.parent_id === b.id) visit(c, depth + 1, b.id);
  };
  for (const b of kept) if (b.parent_id === null || !keptIds.has(b.parent_id)) visit(b, 1, null);
  const readOnly = await assertClientWritable(db, user, project.client_id).then(
    () => null,
    (err: Error) => err.message,
  );
  return { Bins: ordered, CanEdit: readOnly === null, ReadOnlyReason: readOnly };
}

export async function createSubBin(db: Db, user: AuthUser, body: z.output<typeof C.CreateSubBinBody>): Promise<SubBin> {
  const project = await projectForChange(db, user, body.projectId, body.binTypeId);
  if (project.bin_id === null) throw notFound(`Project ${project.id} has no bin`);
  const rules = checkedRules(body.rules);
  const all = await q.liveProjectBins(db, project.id);
  const byId = new Map(all.map((b) => [b.id, b]));
  let parentId = project.bin_id;
  let depth = 1;
  if (body.parentId != null) {
    const parent = byId.get(body.parentId);
    const parentDepth = parent ? depthOf(parent.id, byId, project.bin_id) : null;
    if (!parent || parentDepth === null || parentDepth === 0) throw notFound(`Bin ${body.parentId} not found in this project`);
    if (parent.bin_type_id !== body.binTypeId)
      throw badRequest(
        `A ${kindName(body.binTypeId)} goes inside another ${kindName(body.binTypeId)}: ${quoteInput(parent.name)} is a ${kindName(parent.bin_type_id)}`,
      );
    parentId = parent.id;
    depth = parentDepth + 1;
  }
  if (depth > SUB_BIN_DEPTH_MAX) throw badRequest(`Bins nest at most ${SUB_BIN_DEPTH_MAX} levels deep: create it higher up`);
  if (all.filter((b) => b.bin_type_id !== BIN_TYPE.ProjectRoot).length >= PROJECT_SUB_BINS_MAX)
    throw badRequest(`This project already has ${PROJECT_SUB_BINS_MAX} bins, the most it may hold: delete one first`);
  assertNameFree(all, parentId, body.name);
  const id = await db
    .transaction()
    .execute((trx) => q.insertSubBin(trx, { clientId: project.client_id, projectId: project.id, parentId, name: body.name, binTypeId: body.binTypeId }, rules));
  invalidateRules(db);
  // A bin just made holds no posts yet: it files those ingested from now on.
  const created = (await binsOfKind(db, user, project, body.binTypeId, async () => new Map())).Bins.find((b) => b.Id === id);
  if (!created) throw notFound(`Bin ${id} not found`);
  return created;
}

export async function renameSubBin(db: Db, user: AuthUser, binId: number, name: string): Promise<{ ok: boolean }> {
  const { bin, project } = await subBinForChange(db, user, binId);
  assertNameFree(await q.liveProjectBins(db, project.id), bin.parent_id!, name, bin.id);
  await q.renameSubBin(db, binId, name);
  return { ok: true };
}

export async function deleteSubBin(db: Db, user: AuthUser, binId: number): Promise<{ Deleted: number }> {
  const { bin, project } = await subBinForChange(db, user, binId);
  const ids = withDescendants(bin.id, await q.liveProjectBins(db, project.id));
  await db.transaction().execute(async (trx) => {
    await q.softDeleteBins(trx, ids);
    await audit(trx, { actor: user, action: 'bin.delete', target: `bin:${bin.id}`, detail: { projectId: project.id, name: bin.name, binIds: ids } });
  });
  invalidateRules(db);
  return { Deleted: ids.length };
}

export async function updateBinRules(db: Db, user: AuthUser, binId: number, input: RuleInput[]): Promise<z.input<typeof C.BinRule>[]> {
  await subBinForChange(db, user, binId);
  const rules = checkedRules(input);
  await db.transaction().execute((trx) => q.replaceRules(trx, binId, rules));
  invalidateRules(db);
  return (await q.rulesOfBins(db, [binId])).map((r) => ({ Id: r.id, Kind: r.kind, Expression: r.expression, StreamId: r.stream_id }));
}
