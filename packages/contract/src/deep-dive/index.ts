export * from './model.ts';
export * from './buckets.ts';
export * from './get-deep-dive.ts';
