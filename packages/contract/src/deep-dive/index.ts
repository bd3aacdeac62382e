export * from './model.ts';
export * from './get-deep-dive.ts';
