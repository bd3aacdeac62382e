// The one-time token of a mailed link (`…#token=…`): in the fragment, which the browser never
// sends to a server, read once and taken out of the address bar at once (history, screenshots).
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** The one-time token of the link's fragment (#token=…), or ''. */
export function tokenOfFragment(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** The token of the link this page was opened by ('' when none); the fragment leaves the address bar. */
export function useLinkToken(): string {
  const navigate = useNavigate();
  const location = useLocation();
  const [token] = useState(() => tokenOfFragment(location.hash));
  useEffect(() => {
    if (location.hash) void navigate({ to: '.', hash: '', replace: true });
  }, [location.hash, navigate]);
  return token;
}
