import { api } from '../../../api/client.ts';

/** Revokes the token on the server; the caller clears it locally whatever the answer. */
export const logout = () => api.post<null>('user/logout', undefined, { host: 'crm', quiet: true, unauthorized: 'throw' });
