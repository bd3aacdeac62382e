export * from './model.ts';
export * from './get-notifications.ts';
export * from './mark-notifications-seen.ts';
export * from './delete-notification.ts';
export * from './mark-all-notifications-seen.ts';
