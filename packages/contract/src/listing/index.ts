export * from './model.ts';
export * from './get-post-listing.ts';
