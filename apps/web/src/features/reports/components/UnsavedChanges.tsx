// Leaving a form of the report dialog with changes not saved (Done, the close control, Escape, the
// back control or a footer section) asks first: save them, discard them, or keep editing. The
// form on show registers itself in the dialog's ref; the dialog asks it before moving on.
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Modal } from '../../../ui/Modal.tsx';

/** A form that may hold changes: whether it does, and a save that answers whether it worked. */
export interface UnsavedForm {
  dirty: () => boolean;
  save: () => Promise<boolean>;
}

export type UnsavedRef = RefObject<UnsavedForm | null>;

/** Registers the form in the dialog's ref while it is on show. */
export function useUnsavedForm(ref: UnsavedRef | undefined, form: UnsavedForm): void {
  const latest = useRef(form);
  latest.current = form;
  useEffect(() => {
    if (!ref) return;
    const entry: UnsavedForm = { dirty: () => latest.current.dirty(), save: () => latest.current.save() };
    ref.current = entry;
    return () => {
      if (ref.current === entry) ref.current = null;
    };
  }, [ref]);
}

/**
 * The dialog's guard: `leave(then)` runs `then` at once when the form on show has nothing unsaved,
 * and otherwise asks; `question` is the dialog to render.
 */
export function useLeaveGuard(ref: UnsavedRef, what: string) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [saving, setSaving] = useState(false);
  const leave = (then: () => void) => {
    if (ref.current?.dirty()) setPending(() => then);
    else then();
  };
  const save = async () => {
    setSaving(true);
    try {
      // A refused save leaves the form on show with its problem beside it.
      const saved = (await ref.current?.save()) ?? true;
      const then = pending;
      setPending(null);
      if (saved) then?.();
    } finally {
      setSaving(false);
    }
  };
  const discard = () => {
    const then = pending;
    setPending(null);
    then?.();
  };
  const question = (
    <Modal opened={pending !== null} onClose={() => setPending(null)} title="Unsaved changes" centered radius="md" zIndex={400}>
      <Text size="sm">{what} has changes that are not saved. Save them before you leave?</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => setPending(null)} data-autofocus>
          Keep editing
        </Button>
        <Button variant="light" color="red" onClick={discard}>
          Discard
        </Button>
        <Button onClick={() => void save()} loading={saving}>
          Save
        </Button>
      </Group>
    </Modal>
  );
  return { leave, question };
}
