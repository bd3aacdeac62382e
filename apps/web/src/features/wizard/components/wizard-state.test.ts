import { describe, expect, it } from 'vitest';
import { WIZARD_MESSAGES } from '@listening/contract';
import { initialState, stepProblem } from './wizard-state.ts';

describe('the wizard’s steps', () => {
  it('starts with the specification’s defaults (payment 2, cancellation 1, send now, not a trial) and bills a monthly project monthly', () => {
    const s = initialState();
    expect([s.paymentTypeId, s.billingTypeId, s.cancellationTypeId, s.sendAgreementNow, s.isTrial]).toEqual([2, 1, 1, true, false]);
    expect(s.quantities[101]).toBe(1);
  });

  it("starts the agreement today on the client's calendar: just after the client's midnight, the client's new day", () => {
    // 22:06 UTC on 26 November is 00:06 on 27 November in Johannesburg.
    const at = new Date('2026-11-26T22:06:00Z');
    expect(initialState('Africa/Johannesburg', at).startDate).toBe('2026-11-27');
    expect(initialState('America/Los_Angeles', at).startDate).toBe('2026-11-26');
  });

  it('stops Next at step 3 with the specification’s alert for each missing choice, in order', () => {
    const s = { ...initialState(), typeId: 1, name: 'Brand', requestedById: 5 };
    expect(stepProblem(2, s)).toBeNull();
    expect(stepProblem(2, { ...s, requestedById: null })).toBe(WIZARD_MESSAGES.requestedBy);
    expect(stepProblem(2, { ...s, billingTypeId: null })).toBe('Please select a valid billing type by');
    expect(stepProblem(2, { ...s, paymentTypeId: null })).toBe('Please select a valid payment type by');
    expect(stepProblem(2, { ...s, cancellationTypeId: null })).toBe('Please select a valid cancellation type by');
    expect(stepProblem(2, { ...s, startDate: '' })).toBe('Please select a valid start date by');
  });

  it('does not submit step 4 without a start date, a requester or a cancellation type', () => {
    const s = { ...initialState(), typeId: 1, name: 'Brand', requestedById: 5 };
    expect(stepProblem(3, s)).toBeNull();
    expect(stepProblem(3, { ...s, startDate: '' })).toBe(WIZARD_MESSAGES.startDate);
    expect(stepProblem(3, { ...s, cancellationTypeId: null })).toBe(WIZARD_MESSAGES.cancellationType);
  });
});
