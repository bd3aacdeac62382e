import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../../../api/client.ts';

/** The stored bearer token, re-rendering when it is stored or cleared (no token, logged out). */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/** Paths of the login screen: opening one clears the session, and a login there goes on to /clients. */
export const LOGIN_PATHS = ['/landing', '/login', '/loginnew'];
export const isLoginPath = (pathname: string): boolean => LOGIN_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
