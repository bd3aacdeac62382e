// Shapes of the admin-only views. Field names are the wire's own.
import { z } from 'zod';

/** A mail kept in the outbox (where mail lands when no SMTP_URL is set). */
export const OutboxMessage = z.object({
  Id: z.number(),
  To: z.string(),
  Subject: z.string(),
  /** The stored copy: secrets such as a password-setup link's token read [redacted]. */
  Text: z.string(),
  DateCreated: z.string(),
  /** pending (queued), sending, sent, failed (gave up) or kept (no SMTP server: kept here only). */
  Status: z.string(),
});
export const OutboxList = z.array(OutboxMessage);

/** Every action the audit log records (the server writes only these; the audit screen labels each). */
export const AUDIT_ACTIONS = [
  'act_as.start',
  'act_as.end',
  'project.rename',
  'project.delete',
  'project.restore',
  'clips.reject',
  'clips.restore',
  'sessions.revoke_all',
  'token.grant',
  'token.revoke',
  'product.change',
  'bin.delete',
  'client.cpm',
  'client.retention',
  'contact.invite',
  'contact.invite_cancel',
  'invitation.accept',
  'invitation.decline',
  'user.email_change',
  'contact.active',
  'contact.remove',
  'contact.save',
  'agreement.save',
  'tutorial.save',
  'tutorial.delete',
  'mentor_file.upload',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of the audit log: who (the admin, when acting as someone), acting as whom, what, on what, when, from where. */
export const AuditEntry = z.object({
  Id: z.number(),
  DateCreated: z.string(),
  ActorId: z.number().nullable(),
  /** The actor's email; null for the server's own work or a user since deleted. */
  Actor: z.string().nullable(),
  ActingAsId: z.number().nullable(),
  ActingAs: z.string().nullable(),
  /** One of AUDIT_ACTIONS (a string, so entries of an action since retired still list). */
  Action: z.string(),
  /** kind:id (project:12, user:5, client:3). */
  Target: z.string(),
  Detail: z.record(z.string(), z.unknown()).nullable(),
  Address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
/** A page of entries; Next is the `before` of the following page, null on the last. */
export const AuditLogPage = z.object({ Entries: z.array(AuditEntry), Next: z.number().nullable() });
