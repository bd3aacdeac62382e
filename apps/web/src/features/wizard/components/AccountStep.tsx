import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { AccountOptions } from '@listening/contract';
import type { WizardState } from './wizard-state.ts';

const options = (list: { Id: number; Description?: string; Name?: string }[]) =>
  list.map((o) => ({ value: String(o.Id), label: o.Name ?? o.Description ?? '' }));
const num = (v: string | null) => (v ? Number(v) : null);
const str = (v: number | null) => (v === null ? null : String(v));

/** Step 3: who requested it, billing, payment and cancellation, start and optional end date. */
export function AccountStep({ state, set, account }: { state: WizardState; set: (patch: Partial<WizardState>) => void; account: AccountOptions }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label="Requested by"
        placeholder="Choose a contact"
        data={account.RequestedBys.map((r) => ({ value: String(r.Id), label: r.IsPrimary ? `${r.Name} (primary)` : r.Name }))}
        value={str(state.requestedById)}
        onChange={(v) => set({ requestedById: num(v) })}
        required
      />
      <Select
        label="Billing type"
        data={options(account.BillingTypes)}
        value={str(state.billingTypeId)}
        onChange={(v) => set({ billingTypeId: num(v) })}
        required
      />
      <Select
        label="Payment type"
        data={options(account.PaymentTypes)}
        value={str(state.paymentTypeId)}
        onChange={(v) => set({ paymentTypeId: num(v) })}
        required
      />
      <Select
        label="Cancellation type"
        data={options(account.CancellationTypes)}
        value={str(state.cancellationTypeId)}
        onChange={(v) => set({ cancellationTypeId: num(v) })}
        required
      />
      <TextInput label="Start date" type="date" value={state.startDate} onChange={(e) => set({ startDate: e.currentTarget.value })} required />
      <TextInput
        label="End date (optional)"
        type="date"
        value={state.endDate}
        min={state.startDate}
        onChange={(e) => set({ endDate: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
