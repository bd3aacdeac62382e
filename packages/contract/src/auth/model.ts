// Shapes of sessions and users, shared by the auth operations (./*.ts) and the screens that show
// them. Field names are the wire's own.
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../constants.ts';

/** The answer of a login or an act-as: the opaque bearer token of the new session. */
export const LoginResponse = z.object({ access_token: z.string() });

export const User = z.object({
  Id: z.number(),
  Name: z.string(),
  Surname: z.string(),
  Email: z.string(),
  IsAdmin: z.boolean(),
  /** Set while an admin acts as this contact: the admin's own id. */
  ActingAdminId: z.number().nullable(),
  /**
   * The time zone of the user's own client (a primary contact's first), or DEFAULT_TIME_ZONE for
   * a user of none (the provider's administrators): the clock of the screens outside a client.
   */
  TimeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type User = z.infer<typeof User>;
