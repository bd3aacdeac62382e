export * from './model.ts';
export * from './get-blogs.ts';
export * from './submit-contact.ts';
