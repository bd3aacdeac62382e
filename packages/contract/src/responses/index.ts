export * from './model.ts';
export * from './get-response-queue.ts';
export * from './mark-response.ts';
