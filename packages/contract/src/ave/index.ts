export * from './model.ts';
export * from './get-ave.ts';
export * from './update-cpm.ts';
