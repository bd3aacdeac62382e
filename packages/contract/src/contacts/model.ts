// Shapes of a client's contacts (docs/spec/002_6c80e0f7cd09047f.txt section 3 "Client contact", section 7.3). A contact is a user
// linked to a client; Id is the user's id (the contactId of password setup and act-as),
// ClientContactId the id of the link (what word-bin recipients reference).
import { z } from 'zod';
import { zId } from '../common.ts';
import { isSimpleEmail } from '../rules.ts';

/** A contact's details as answers give them: the fields of the add-contact form (ContactFields). */
const ContactDetails = z.object({ Name: z.string(), Surname: z.string(), Email: z.string(), Phone: z.string() });

export const ClientContact = z.object({
  Id: z.number(),
  ClientContactId: z.number(),
  ClientId: z.number(),
  ...ContactDetails.shape,
  IsClientContactActive: z.boolean(),
  /** The same flag under the name some screens read. */
  IsActive: z.boolean(),
  IsPrimary: z.boolean(),
  IsDeleted: z.boolean(),
});
export type ClientContact = z.infer<typeof ClientContact>;
export const ClientContactList = z.array(ClientContact);

export const ContactClientQuery = z.object({ clientId: zId });
export const ClientContactQuery = z.object({ clientId: zId, contactId: zId });

/** A query-string flag: 'true' or 'false' (a bare boolean in a body is accepted as well). */
export const zFlag = (name: string) =>
  z.union([z.boolean(), z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((s) => s === 'true')], {
    error: `${name} must be true or false`,
  });

export const ContactActiveQuery = ClientContactQuery.extend({ isActive: zFlag('isActive') });

/** Phone numbers: digits with spaces, dashes, brackets and a leading +; 7 to 15 digits. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
export function isPhoneNumber(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(phone) && digits >= 7 && digits <= 15;
}

const name = (label: string) =>
  z
    .string({ error: `Please enter the ${label}` })
    .trim()
    .min(1, `Please enter the ${label}`)
    .max(100, `Please shorten the ${label} (at most 100 characters)`);

export const zContactEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .refine(isSimpleEmail, 'Please enter a valid email address');

export const zPhone = z
  .string({ error: 'Please enter a valid phone number' })
  .trim()
  .refine(isPhoneNumber, 'Please enter a valid phone number (7 to 15 digits)');

/** The add-contact form: Name, Surname, Email, Phone. */
export const ContactFields = z.object({ Name: name('name'), Surname: name('surname'), Email: zContactEmail, Phone: zPhone });
export type ContactFields = z.infer<typeof ContactFields>;

export const NewContactQuery = ContactFields.extend({ clientId: zId });

/** contact/save: a contact's details changed, within a client. */
export const SaveContactBody = ContactFields.extend({ Id: zId, ClientId: zId });

/** clientcontact/save: the link of a contact to a client (active, primary). */
export const SaveClientContactBody = z.object({
  ClientId: zId,
  ContactId: zId,
  IsActive: z.boolean({ error: 'IsActive must be true or false' }),
  IsPrimary: z.boolean({ error: 'IsPrimary must be true or false' }),
});

/**
 * An invitation a client sent to an email address, waiting for the person behind it to accept.
 * Name, Surname and Phone are what the client typed: nothing of an account is shown until the
 * person accepts, whether or not the address has one.
 */
export const ContactInvitation = z.object({
  Id: z.number(),
  ...ContactDetails.shape,
  SentAt: z.string(),
  ExpiresAt: z.string(),
  /** False once ExpiresAt has passed: the client may invite the address again. */
  IsOpen: z.boolean(),
});
export type ContactInvitation = z.infer<typeof ContactInvitation>;

/** contact/manage: the screen's data, and whether the caller may change it. */
export const ContactManagement = z.object({
  ClientId: z.number(),
  ClientName: z.string(),
  CanManage: z.boolean(),
  Contacts: ClientContactList,
  /** Invitations not yet accepted or declined (for managers; empty for other contacts). */
  Invitations: z.array(ContactInvitation),
});
export type ContactManagement = z.infer<typeof ContactManagement>;

export const ContactChangeResult = z.object({
  Success: z.boolean(),
  Message: z.string(),
  Contact: ClientContact.optional(),
  /** Adding a contact answers the invitation sent, never an account. */
  Invitation: ContactInvitation.optional(),
});

export const CancelInvitationQuery = z.object({ clientId: zId, invitationId: zId });

/** Invitations one client may send in an hour (renewals count): a contact manager cannot mail-bomb addresses through the product. */
export const INVITATIONS_PER_CLIENT_HOUR = 30;

/** Messages of contact management, in one place for the server and the screen. */
export const CONTACT_MESSAGES = {
  primaryNotDeletable: 'Primary contacts cannot be deleted',
  duplicateEmail: (email: string) => `A contact with the email ${email} already exists for this client`,
  invited: (email: string) => `Invitation sent to ${email}: they become a contact once they accept`,
  invitationCancelled: 'Invitation cancelled',
  tooManyInvitations: `This client has sent ${INVITATIONS_PER_CLIENT_HOUR} invitations in the last hour: please try again later`,
  invitationNotFound: 'This invitation is no longer open',
  removed: 'Successfully Deleted',
  activated: 'Contact activated',
  deactivated: 'Contact deactivated: their access has ended',
  saved: 'Contact saved',
  notAllowed: "Only the client's primary contacts and administrators may manage its contacts",
  ownPrimary: 'You cannot deactivate yourself as a primary contact',
  deactivatedLogin: 'Your access has been deactivated. Please ask your primary contact or an administrator.',
  notOwnAccount: 'This person also works with another client or with the provider: only they can change their name, email or phone (from their own account)',
  emailChangePending: (oldEmail: string, newEmail: string) =>
    `Contact saved. The new email ${newEmail} takes effect once it is confirmed from ${oldEmail}, where a link was sent, and then from ${newEmail}`,
} as const;
