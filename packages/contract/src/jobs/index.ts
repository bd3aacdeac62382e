export * from './model.ts';
export * from './get-jobs.ts';
export * from './unsubscribe.ts';
