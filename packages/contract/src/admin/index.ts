export * from './model.ts';
export * from './get-outbox.ts';
