export * from './model.ts';
export * from './get-teach-posts.ts';
export * from './get-client-models.ts';
export * from './adapt-client.ts';
export * from './stop-client-model.ts';
