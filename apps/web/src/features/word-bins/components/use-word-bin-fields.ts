// What the word bin's fields hold besides the draft itself: the keyword being typed and its
// operator, the recipient being chosen, and the changes each control makes to the draft (an empty
// keyword is ignored; a chosen contact leaves the dropdown).
import type { WordBinContact } from '@listening/contract';
import { useState } from 'react';
import type { WordBinDraft } from '../draft.ts';

export function useWordBinFields(draft: WordBinDraft, onChange: (next: WordBinDraft) => void, contacts: readonly WordBinContact[]) {
  const set = <K extends keyof WordBinDraft>(key: K, value: WordBinDraft[K]) => onChange({ ...draft, [key]: value });
  const [keyword, setKeyword] = useState('');
  const [operator, setOperator] = useState('1');
  const [adding, setAdding] = useState(false);
  const [contact, setContact] = useState<string | null>(null);
  const [recipientType, setRecipientType] = useState<string>('1');

  const addKeyword = () => {
    if (keyword.trim() === '') return;
    set('Keywords', [...draft.Keywords, { Value: keyword.trim(), OperatorId: Number(operator) }]);
    setKeyword('');
  };
  const chosen = new Set(draft.Recipients.map((r) => r.ContactId));
  const available = contacts.filter((c) => !chosen.has(c.Id));
  const addRecipient = () => {
    const c = contacts.find((x) => String(x.Id) === contact);
    if (!c) return;
    set('Recipients', [...draft.Recipients, { ContactId: c.Id, WordBinRecipientTypeId: Number(recipientType), Name: `${c.Name} ${c.Surname}`.trim() }]);
    setContact(null);
    setAdding(false);
  };

  return {
    set,
    keyword,
    setKeyword,
    operator,
    setOperator: (v: string | null) => setOperator(v ?? '1'),
    addKeyword,
    removeKeyword: (index: number) =>
      set(
        'Keywords',
        draft.Keywords.filter((_, j) => j !== index),
      ),
    /** The recipient form: open or not, the contact and type chosen, and the contacts left to choose. */
    adding,
    setAdding,
    contact,
    setContact,
    recipientType,
    setRecipientType: (v: string | null) => setRecipientType(v ?? '1'),
    available,
    addRecipient,
    removeRecipient: (contactId: number) =>
      set(
        'Recipients',
        draft.Recipients.filter((x) => x.ContactId !== contactId),
      ),
  };
}
