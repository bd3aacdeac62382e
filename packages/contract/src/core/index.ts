export * from './model.ts';
export * from './get-stream-lookup.ts';
export * from './get-favourability-lookup.ts';
export * from './get-brand-association-lookup.ts';
export * from './get-classification-lookup.ts';
export * from './get-lookups.ts';
