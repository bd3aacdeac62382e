export * from './model.ts';
export * from './request-product.ts';
