export * from './model.ts';
export * from './find-narratives.ts';
