export * from './model.ts';
export * from './get-influencers.ts';
export * from './create-influencer.ts';
export * from './delete-influencer.ts';
