export * from './model.ts';
export * from './get-outbox.ts';
export * from './get-audit-log.ts';
export * from './get-collection-stats.ts';
