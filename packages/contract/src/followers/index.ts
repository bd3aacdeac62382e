export * from './model.ts';
export * from './get-profile-followers.ts';
