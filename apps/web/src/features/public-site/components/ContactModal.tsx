// The Contact Focal Points modal (docs/spec/000_a68d9a07050fe88c.txt): the same form as /contact-us, opened from the public
// pages' header and footer and from the app's side menu. A success shows the server's Message
// and closes it; a failure keeps it open with the Message as an error toast.
import { Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { ContactForm } from './ContactForm.tsx';

export function ContactModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Contact Focal Points" size="lg" centered>
      <Text size="sm" c="dimmed" mb="md">
        Tell us what you would like to monitor. A focal point will get back to you, usually within one working day.
      </Text>
      <ContactForm onSent={onClose} />
    </Modal>
  );
}

/**
 * A control that opens the modal: `render` draws it (a nav link, a button) with the opener; by
 * default an unstyled button with the children.
 */
export function ContactUsTrigger({ children, render, ...props }: UnstyledButtonProps & { children?: ReactNode; render?: (open: () => void) => ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      {render ? (
        render(open)
      ) : (
        <UnstyledButton onClick={open} {...props}>
          {children}
        </UnstyledButton>
      )}
      <ContactModal opened={opened} onClose={close} />
    </>
  );
}
