export * from './model.ts';
export * from './get-response-queue.ts';
export * from './mark-response.ts';
export * from './get-response-alert.ts';
export * from './save-response-alert.ts';
export * from './get-response-times.ts';
export * from './format.ts';
