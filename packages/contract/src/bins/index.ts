export * from './rename-project.ts';
export * from './delete-project.ts';
