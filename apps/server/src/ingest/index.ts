// What ingest/ offers the rest of the server: one door to file posts (ingestPosts, which
// validates, enriches, matches and hands them to the ledger), the one validation (normalise) for
// callers that must answer a bad post before any is stored, and the rule set a caller may narrow.
// Connectors and the simulator use createPipeline's sink; docs/ingestion.md walks the steps.
export { createPipeline, ingestPosts, type IngestResult, type PipelineOptions, type PostSink } from './pipeline.ts';
export type { IngestScope, Post } from './post.ts';
export { normalise, type RejectReason } from './validate.ts';
export { getRuleSet, type ProjectInfo, type RuleSet } from './rules.ts';
export { ownedIndex } from './brand.ts';
