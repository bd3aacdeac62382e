import { useMutation } from '@tanstack/react-query';
import { requestProduct, type OperationInput } from '@listening/contract';
import { call } from '../../api/client.ts';

/** 'Add' on a locked product: asks the provider for it; the answer carries the thank-you to show. */
export const useRequestProduct = () => useMutation({ mutationFn: (body: OperationInput<typeof requestProduct>['body']) => call(requestProduct, { body }) });
