export * from './model.ts';
export * from './get-countries.ts';
export * from './get-cluster.ts';
