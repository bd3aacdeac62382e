// A request for a locked product: 'Add' in the product-details dialog records it, tells the
// provider's admins (the bell and mail) and thanks the user.
import { z } from 'zod';
import { zId } from '../common.ts';
import { PRODUCTS, type ProductKey } from '../constants.ts';

const PRODUCT_KEYS = Object.keys(PRODUCTS) as [ProductKey, ...ProductKey[]];

export const ProductRequestBody = z.object({
  projectId: zId,
  product: z.enum(PRODUCT_KEYS, { error: `product must be one of ${PRODUCT_KEYS.join(', ')}` }),
});

/** Within this many hours a second request for the same product and project is the first one again. */
export const PRODUCT_REQUEST_REPEAT_HOURS = 24;

export const ProductRequestResult = z.object({
  /** The thank-you the dialog shows. */
  Message: z.string(),
  /** True when the product was already requested for the project within PRODUCT_REQUEST_REPEAT_HOURS (nothing new was sent). */
  AlreadyRequested: z.boolean(),
  /** When the request now on record was made. */
  DateRequested: z.string(),
});

/** The thank-you: what happens next, in the product's words. */
export const productRequestThanks = (productName: string, projectName: string, already: boolean) =>
  already
    ? `Thank you: ${productName} was already requested for ${projectName} in the last day. Our team has been told and will be in touch about adding it.`
    : `Thank you for your interest in ${productName}. We have told our team, and they will be in touch about adding it to ${projectName}.`;
