// Shapes of the admin-only views. Field names are the wire's own.
import { z } from 'zod';

/** A mail kept in the outbox (where mail lands when no SMTP_URL is set). */
export const OutboxMessage = z.object({ Id: z.number(), To: z.string(), Subject: z.string(), Text: z.string(), DateCreated: z.string() });
export const OutboxList = z.array(OutboxMessage);
