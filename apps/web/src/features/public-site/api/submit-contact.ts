import { submitContact as submitContactOp, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';

/** The Contact Focal Points form: seven fields, all required; the contract's ContactForm. */
export type ContactFormValues = OperationInput<typeof submitContactOp>['body'];

export const submitContact = (values: ContactFormValues) => call(submitContactOp, { body: values }, { quiet: true });
