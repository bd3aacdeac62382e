// The connector kit's public face for the pipeline and the jobs: run connectors into a sink, keep
// their cursors, call networks over HTTP. The networks themselves live in networks/ (their registry).
export type { Connector, ConnectorLog, CursorValue, PageNext, PageOutcome, PostSink } from './types.ts';
export { runConnector, runConnectors, type ConnectorReport, type RunEnd, type RunOptions } from './runner.ts';
export { dbCursorStore, memoryCursorStore, type CursorStore } from './cursor-store.ts';
export { HttpClient, type HttpOptions } from './http.ts';
