export * from './model.ts';
export * from './get-clips.ts';
export * from './get-clips-by-ids.ts';
export * from './get-clip-bins.ts';
export * from './rate-clips.ts';
export * from './reject-clips.ts';
export * from './export-listing.ts';
export * from './get-duplicates.ts';
