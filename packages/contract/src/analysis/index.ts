export * from './model.ts';
export * from './get-sentiment-rating.ts';
export * from './get-content-classification.ts';
export * from './get-competitors.ts';
export * from './get-competitor-settings.ts';
export * from './add-competitor.ts';
export * from './remove-competitor.ts';
