// What ingest/ offers the rest of the server: one door to file posts (ingestPosts, which
// validates, enriches, matches and hands them to the ledger; its scope may name an input bin) and
// the one validation (normalise) for callers that must answer a bad post before any is stored.
// Connectors and the simulator use createPipeline's sink; docs/ingestion.md walks the steps.
export { createPipeline, ingestPosts, type IngestResult, type PipelineOptions, type PostSink } from './pipeline.ts';
export type { IngestScope, Post } from './post.ts';
export { normalise, type RejectReason } from './validate.ts';
