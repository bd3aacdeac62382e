export * from './model.ts';
export * from './get-influencers.ts';
export * from './create-influencer.ts';
export * from './delete-influencer.ts';
export * from './comparison-model.ts';
export * from './get-influencer-comparison.ts';
export * from './top-authors-page-model.ts';
export * from './get-top-authors-page.ts';
