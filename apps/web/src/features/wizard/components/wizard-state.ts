// The wizard's state and the checks each step makes before Next (docs/spec/002_6c80e0f7cd09047f.txt section 5, "Wizard").
import { AGREEMENT_DEFAULTS, DEFAULT_TIME_ZONE, WIZARD_MESSAGES, defaultBillingType, defaultQuantities } from '@listening/contract';
import { todayIn } from '../../../ui/time.ts';

export interface WizardState {
  typeId: number | null;
  subTypeId: number | null;
  name: string;
  keywords: string;
  requestedById: number | null;
  billingTypeId: number | null;
  paymentTypeId: number | null;
  cancellationTypeId: number | null;
  startDate: string;
  endDate: string;
  isTrial: boolean;
  sendAgreementNow: boolean;
  quantities: Record<number, number>;
}

/** A new agreement starts today on the client's calendar (`timeZone`, the client's zone). */
export const initialState = (timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): WizardState => {
  const quantities = defaultQuantities();
  return {
    typeId: null,
    subTypeId: null,
    name: '',
    keywords: '',
    requestedById: null,
    // Billed in the period of what is bought: the project itself is monthly.
    billingTypeId: defaultBillingType(quantities),
    paymentTypeId: AGREEMENT_DEFAULTS.PaymentTypeId,
    cancellationTypeId: AGREEMENT_DEFAULTS.CancellationTypeId,
    startDate: todayIn(timeZone, now),
    endDate: '',
    isTrial: AGREEMENT_DEFAULTS.IsTrial,
    sendAgreementNow: AGREEMENT_DEFAULTS.SendAgreementNow,
    quantities,
  };
};

/** What stops Next at a step, or null: the step-3 alerts are the specification's own words. */
export function stepProblem(step: number, s: WizardState): string | null {
  if (step === 0) return s.typeId === null ? 'Please select a project type' : null;
  if (step === 1) return s.name.trim() ? null : 'Please enter the project name';
  if (step === 2) {
    if (!s.requestedById) return WIZARD_MESSAGES.requestedBy;
    if (!s.billingTypeId) return WIZARD_MESSAGES.billingType;
    if (!s.paymentTypeId) return WIZARD_MESSAGES.paymentType;
    if (!s.cancellationTypeId) return WIZARD_MESSAGES.cancellationType;
    if (!s.startDate) return WIZARD_MESSAGES.startDate;
    if (s.endDate && s.endDate < s.startDate) return WIZARD_MESSAGES.endBeforeStart;
  }
  // Step 4 does not submit without a start date, a requester or a cancellation type.
  if (step === 3) {
    if (!s.startDate) return WIZARD_MESSAGES.startDate;
    if (!s.requestedById) return WIZARD_MESSAGES.requestedBy;
    if (!s.cancellationTypeId) return WIZARD_MESSAGES.cancellationType;
  }
  return null;
}
