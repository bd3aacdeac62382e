import { Button, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../ui/toast.ts';
import { submitContact, type ContactFormValues } from '../api/submit-contact.ts';

const EMPTY: ContactFormValues = { Fullname: '', CompanyName: '', EmailAddress: '', ContactNumber: '', How: '', Subject: '', Message: '' };
/** The form's error toast, taken away as soon as the visitor edits a field. */
const CONTACT_ERROR_TOAST = 'contact-error';
const HOW_OPTIONS = ['Search engine', 'Social media', 'Referral by a colleague', 'Event or conference', 'Existing client', 'Other'];

/** Contact Focal Points: every field required, the email of email type. */
export function ContactForm({ onSent }: { onSent?: () => void }) {
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [howMissing, setHowMissing] = useState(false);
  const field = (name: keyof ContactFormValues) => ({
    name,
    required: true,
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      toast.hide(CONTACT_ERROR_TOAST);
    },
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!values.How) setHowMissing(true);
    if (!e.currentTarget.checkValidity() || !values.How) return;
    setBusy(true);
    try {
      const result = await submitContact(values);
      if (!result.Success) {
        toast.error(result.Message, undefined, CONTACT_ERROR_TOAST);
        return;
      }
      toast.success(result.Message);
      setValues(EMPTY);
      onSent?.();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err), undefined, CONTACT_ERROR_TOAST);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Contact Focal Points">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Full name" autoComplete="name" {...field('Fullname')} />
          <TextInput label="Company name" autoComplete="organization" {...field('CompanyName')} />
          <TextInput label="Email address" type="email" autoComplete="email" {...field('EmailAddress')} />
          <TextInput label="Contact number" type="tel" autoComplete="tel" {...field('ContactNumber')} />
        </SimpleGrid>
        <Select
          label="How did you hear about us?"
          name="How"
          required
          data={HOW_OPTIONS}
          value={values.How || null}
          onChange={(v) => {
            setValues((prev) => ({ ...prev, How: v ?? '' }));
            setHowMissing(false);
            toast.hide(CONTACT_ERROR_TOAST);
          }}
          error={howMissing ? 'Please choose one' : undefined}
          placeholder="Choose one"
          allowDeselect={false}
        />
        {/* The honeypot: out of sight and out of the tab order; people leave it empty, robots fill it. */}
        <div aria-hidden="true" style={{ position: 'absolute', left: -10_000, width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            Website
            <input
              type="text"
              name="Website"
              tabIndex={-1}
              autoComplete="off"
              value={values.Website ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, Website: e.currentTarget.value }))}
            />
          </label>
        </div>
        <TextInput label="Subject" {...field('Subject')} />
        <Textarea label="Message" autosize minRows={4} maxRows={10} {...field('Message')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} />}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
