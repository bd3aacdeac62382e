export * from './model.ts';
export * from './get-jobs.ts';
