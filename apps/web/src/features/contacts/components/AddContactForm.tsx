import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ContactFields, type ContactFields as Fields } from '@listening/contract';
import { toast } from '../../../ui/toast.ts';
import { useAddContact } from '../api/contact-management.ts';

const EMPTY: Fields = { Name: '', Surname: '', Email: '', Phone: '' };

/** Adds a contact (Name, Surname, Email, Phone), checked by the contract's own rules before it is sent. */
export function AddContactForm({ clientId }: { clientId: number }) {
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const add = useAddContact(clientId);

  const field = (name: keyof Fields) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((er) => ({ ...er, [name]: undefined }));
      setServerError(null);
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ContactFields.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (r) => {
        toast.success(r.Message);
        setValues(EMPTY);
      },
      onError: (err) => setServerError(err.message),
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Add a contact" noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput label="Name" autoComplete="given-name" required {...field('Name')} />
        <TextInput label="Surname" autoComplete="family-name" required {...field('Surname')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...field('Email')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" required {...field('Phone')} />
      </SimpleGrid>
      {serverError && (
        <Alert color="red" mt="sm" role="alert">
          {serverError}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={add.isPending} leftSection={<IconUserPlus size={16} />}>
          Add contact
        </Button>
      </Group>
    </form>
  );
}
