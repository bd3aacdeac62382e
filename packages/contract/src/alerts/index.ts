export * from './model.ts';
export * from './get-alerts.ts';
export * from './save-alert.ts';
export * from './delete-alert.ts';
export * from './get-subscriptions.ts';
export * from './unsubscribe.ts';
export * from './unsubscribe-link.ts';
