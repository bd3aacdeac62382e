import { z } from 'zod';
import { zId } from './common.ts';

export const LoginBody = z.object({
  Username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  Password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export const LoginResponse = z.object({ access_token: z.string() });

export const User = z.object({
  Id: z.number(),
  Name: z.string(),
  Surname: z.string(),
  Email: z.string(),
  IsAdmin: z.boolean(),
  /** Set while an admin acts as this contact: the admin's own id. */
  ActingAdminId: z.number().nullable(),
});
export type User = z.infer<typeof User>;

export const UserByIdQuery = z.object({ id: zId });
export const EmailBody = z.object({ Email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required') });
export const IdResponse = z.object({ Id: z.number() });
export const LoginIdQuery = z.object({ contactId: zId });
export const ForgotQuery = z.object({ email: z.string({ error: 'email is required' }).trim().min(1, 'email is required') });
export const OkResponse = z.object({ ok: z.boolean() });

/** Password setup (002 §3): the CRM call takes IDUser, Password, PasswordConfirm, plus the one-time token of the emailed link. */
export const PasswordSetBody = z.object({
  IDUser: z.number({ error: 'IDUser is required' }).int().positive(),
  Token: z.string({ error: 'Token is required' }).min(1, 'Token is required'),
  Password: z.string({ error: 'Password is required' }).min(8, 'Password must be at least 8 characters'),
  PasswordConfirm: z.string({ error: 'PasswordConfirm is required' }),
});
export const MessageResponse = z.object({ Message: z.string() });
