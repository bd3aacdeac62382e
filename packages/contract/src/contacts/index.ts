export * from './model.ts';
export * from './get-contacts.ts';
export * from './get-contact-management.ts';
export * from './set-contact-active.ts';
export * from './remove-contact.ts';
export * from './add-contact.ts';
export * from './save-contact.ts';
export * from './save-client-contact.ts';
