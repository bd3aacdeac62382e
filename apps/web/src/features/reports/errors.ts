import { ApiError } from '../../api/client.ts';

/** The server's own explanation of a failure, or the error's text. */
export const errorText = (err: unknown): string =>
  err instanceof ApiError ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : 'Something went wrong';
