export * from './model.ts';
export * from './get-my-invitations.ts';
export * from './answer-invitation.ts';
export * from './open-invitation.ts';
export * from './accept-invitation-with-password.ts';
