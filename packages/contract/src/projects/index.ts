export * from './model.ts';
export * from './get-projects.ts';
export * from './get-project.ts';
export * from './get-project-products.ts';
export * from './get-collection-status.ts';
