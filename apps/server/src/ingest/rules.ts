// The rule set the pipeline matches against: every active rule of every live project of an active
// client, compiled into one matcher, with what each rule files a clip under (bin, project) and each project's
// owned profiles and CPM table. Loaded from the database and cached; call invalidateRules()
// after editing rules, bins, projects, profiles or clients: it tells every process through the
// event bus (events/bus.ts), and the cache also expires on its own as a backstop.
// An In-Active client's projects are left out (its contract has ended: nothing is collected for
// it), with their rules and owned profiles, so no post is filed under them (docs/security.md).
import { BIN_TYPE } from '@listening/contract';
import type { Db } from '../db/connection.ts';
import { onEvent, publishSoon } from '../events/bus.ts';
import { canonicalAccountId } from './account-id.ts';
import { ownedIndex, type OwnedIndex, type OwnedProfile } from './brand.ts';
import { compileRules, type Matcher, type RuleSpec } from './matcher/compile.ts';
import { loadWordBins, type WordBinTarget } from './word-bins.ts';

export interface ProjectInfo {
  id: number;
  clientId: number;
  rootBinId: number;
  streamIds: Set<number>;
  owned: OwnedIndex;
  cpm: Record<string, number> | null;
}

export interface RuleTarget {
  binId: number;
  projectId: number;
}

export interface RuleSet {
  matcher: Matcher;
  targets: Map<number, RuleTarget>;
  projects: Map<number, ProjectInfo>;
  /** Word bins compiled into the same matcher, by their matcher id (word-bins.ts). */
  wordBins?: Map<number, WordBinTarget>;
  loadedAt: number;
}

/** The backstop: a change whose event was lost (the bus reconnecting) is seen within this. */
const TTL_MS = 30_000;
const cache = new WeakMap<Db, Promise<RuleSet>>();
const listening = new WeakSet<Db>();

/** Drops the rule set here at once, and in every other process on the database when their event arrives. */
export function invalidateRules(db: Db): void {
  cache.delete(db);
  publishSoon(db, { kind: 'rules' });
}

export async function getRuleSet(db: Db): Promise<RuleSet> {
  if (!listening.has(db)) {
    listening.add(db);
    onEvent(db, 'rules', () => cache.delete(db));
  }
  const hit = cache.get(db);
  if (hit) {
    const rs = await hit.catch(() => null);
    if (rs && Date.now() - rs.loadedAt < TTL_MS) return rs;
  }
  const next = loadRuleSet(db);
  cache.set(db, next);
  next.catch(() => cache.delete(db));
  return next;
}

/** The rule id under which an input bin takes every post added to it (no real rule is negative this far). */
const INPUT_BIN_RULE = Number.MIN_SAFE_INTEGER;

/**
 * The rule set for posts added by hand to an input bin: the cached one narrowed to the bin's
 * project, read fresh (its networks, profiles and client's CPM now), with one more rule that every
 * post meets, filing it in the input bin. Each post is then filed as ingestion would, plus the bin.
 */
export async function inputBinRuleSet(db: Db, projectId: number, binId: number): Promise<RuleSet> {
  const [rs, project, profiles] = await Promise.all([
    getRuleSet(db),
    db
      .selectFrom('projects')
      .innerJoin('clients', 'clients.id', 'projects.client_id')
      .select(['projects.client_id', 'projects.bin_id', 'projects.stream_ids', 'clients.cpm'])
      .where('projects.id', '=', projectId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('profiles').select(['stream_id', 'external_id', 'handle']).where('project_id', '=', projectId).execute(),
  ]);
  const targets = new Map(rs.targets);
  targets.set(INPUT_BIN_RULE, { binId, projectId });
  const info: ProjectInfo = {
    id: projectId,
    clientId: project.client_id,
    rootBinId: project.bin_id!,
    streamIds: new Set((project.stream_ids ?? []).map(Number)),
    owned: ownedIndex(profiles.map((p) => ({ streamId: p.stream_id, externalId: p.external_id, handle: p.handle }))),
    cpm: (project.cpm as Record<string, number> | null) ?? null,
  };
  return {
    ...rs,
    matcher: { ruleCount: rs.matcher.ruleCount, errors: rs.matcher.errors, match: (input) => [...rs.matcher.match(input), INPUT_BIN_RULE] },
    targets,
    projects: new Map([[projectId, info]]),
  };
}

export async function loadRuleSet(db: Db): Promise<RuleSet> {
  const [projects, bins, rules, profiles, clients, wordBins] = await Promise.all([
    db
      .selectFrom('projects')
      .innerJoin('clients', 'clients.id', 'projects.client_id')
      .select(['projects.id', 'projects.client_id', 'projects.bin_id', 'projects.stream_ids'])
      .where('projects.is_deleted', '=', false)
      .where('clients.is_active', '=', true)
      .execute(),
    db.selectFrom('bins').select(['id', 'parent_id', 'project_id', 'bin_type_id']).where('is_deleted', '=', false).execute(),
    db.selectFrom('bin_rules').select(['id', 'bin_id', 'kind', 'expression', 'stream_id']).where('is_active', '=', true).execute(),
    db.selectFrom('profiles').select(['project_id', 'stream_id', 'external_id', 'handle']).execute(),
    db.selectFrom('clients').select(['id', 'cpm']).execute(),
    loadWordBins(db),
  ]);
  const cpmByClient = new Map(clients.map((c) => [c.id, (c.cpm as Record<string, number> | null) ?? null]));
  const ownedByProject = new Map<number, OwnedProfile[]>();
  for (const p of profiles) {
    const list = ownedByProject.get(p.project_id) ?? [];
    list.push({ streamId: p.stream_id, externalId: canonicalAccountId(p.stream_id, p.external_id), handle: p.handle });
    ownedByProject.set(p.project_id, list);
  }
  const info = new Map<number, ProjectInfo>();
  const projectByRoot = new Map<number, number>();
  for (const p of projects) {
    if (p.bin_id == null) continue;
    projectByRoot.set(p.bin_id, p.id);
    info.set(p.id, {
      id: p.id,
      clientId: p.client_id,
      rootBinId: p.bin_id,
      streamIds: new Set((p.stream_ids ?? []).map(Number)),
      owned: ownedIndex(ownedByProject.get(p.id) ?? []),
      cpm: cpmByClient.get(p.client_id) ?? null,
    });
  }
  // A bin belongs to the project whose root it descends from (or names, for shallow seeds).
  const binById = new Map(bins.map((b) => [b.id, b]));
  const projectOfBin = (id: number): number | null => {
    for (let b = binById.get(id), hops = 0; b && hops < 64; b = b.parent_id == null ? undefined : binById.get(b.parent_id), hops++) {
      const root = projectByRoot.get(b.id);
      if (root !== undefined) return root;
      if (b.bin_type_id === BIN_TYPE.ProjectRoot && b.project_id != null && info.has(b.project_id)) return b.project_id;
    }
    const own = binById.get(id)?.project_id;
    return own != null && info.has(own) ? own : null;
  };

  const specs: RuleSpec[] = [];
  const targets = new Map<number, RuleTarget>();
  for (const r of rules) {
    const projectId = projectOfBin(r.bin_id);
    if (projectId === null) continue;
    specs.push({ id: r.id, expression: r.expression, kind: r.kind, streamId: r.stream_id });
    targets.set(r.id, { binId: r.bin_id, projectId });
  }
  // A project's own profiles always feed its root bin (their posts, replies and mentions),
  // whether or not someone wrote a profile rule for them. Negative ids never clash with rules.
  let synthetic = -1;
  for (const [projectId, list] of ownedByProject) {
    const p = info.get(projectId);
    if (!p) continue;
    for (const prof of list)
      for (const v of new Set([prof.handle, prof.externalId].filter((x): x is string => !!x))) {
        specs.push({ id: synthetic, expression: `"${v.replace(/"/g, '')}"`, kind: 'profile', streamId: prof.streamId });
        targets.set(synthetic--, { binId: p.rootBinId, projectId });
      }
  }
  // Word bins of live projects ride in the same matcher: one scan of a post serves both.
  for (const spec of wordBins.specs) if (info.has(wordBins.targets.get(spec.id)!.projectId)) specs.push(spec);
  return { matcher: compileRules(specs), targets, projects: info, wordBins: wordBins.targets, loadedAt: Date.now() };
}
