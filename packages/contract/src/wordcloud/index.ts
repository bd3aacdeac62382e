export * from './model.ts';
export * from './get-wordcloud.ts';
export * from './get-wordcloud-by-clips.ts';
export * from './get-exclusions.ts';
export * from './include-phrase.ts';
export * from './exclude-phrase.ts';
export * from './get-phrases.ts';
export * from './remove-phrase.ts';
