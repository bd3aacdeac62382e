export * from './constants.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './clients.ts';
export * from './notifications.ts';
