export * from './model.ts';
export * from './get-clients.ts';
export * from './get-client-products.ts';
