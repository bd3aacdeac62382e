export * from './model.ts';
export * from './get-events.ts';
