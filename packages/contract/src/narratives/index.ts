export * from './model.ts';
export * from './saved-queries.ts';
export * from './find-narratives.ts';
export * from './get-narrative-queries.ts';
export * from './save-narrative-query.ts';
export * from './update-narrative-query.ts';
export * from './delete-narrative-query.ts';
export * from './get-narrative-result.ts';
