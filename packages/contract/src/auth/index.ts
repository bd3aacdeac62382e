export * from './model.ts';
export * from './login.ts';
export * from './logout.ts';
export * from './login-as.ts';
export * from './set-password.ts';
export * from './get-user.ts';
export * from './forgot-password.ts';
export * from './get-id-by-email.ts';
