export * from './model.ts';
export * from './get-clients.ts';
export * from './get-client-products.ts';
export * from './retention.ts';
export * from './get-retention.ts';
export * from './update-retention.ts';
