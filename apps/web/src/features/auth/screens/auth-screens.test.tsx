// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { AUDIT_ACTIONS, MESSAGES } from '@listening/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { getToken, setToken } from '../../../api/client.ts';
import { renderScreen } from '../../../test/render.tsx';
import { AdminScreen } from './AdminScreen.tsx';
import { ACTION_LABELS, AuditScreen } from './AuditScreen.tsx';
import { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';
import { LoginScreen } from './LoginScreen.tsx';
import { PasswordSetupScreen } from './PasswordSetupScreen.tsx';

let toast: MockInstance;
beforeEach(() => {
  localStorage.clear();
  toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const messages = () => toast.mock.calls.map((call) => String((call[0] as { message?: unknown }).message));
const type = async (label: string | RegExp, value: string) => fireEvent.change(await screen.findByLabelText(label), { target: { value } });
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('login screen', () => {
  it('enables LOGIN only when both email and password are filled', async () => {
    renderScreen(LoginScreen, { path: '/login' });
    const button = await screen.findByRole('button', { name: 'LOGIN' });
    expect(disabled(button)).toBe(true);
    await type('Email', 'analyst@demo.example');
    expect(disabled(button)).toBe(true);
    await type('Password', 'demo-password');
    expect(disabled(button)).toBe(false);
    expect(screen.getByRole('link', { name: /forgot password/i }).getAttribute('href')).toBe('/forgot-password');
  });

  it('asks before signing out a session when the login page is opened, and clears it once told to', async () => {
    setToken('old');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(LoginScreen, { path: '/login' });
    await screen.findByRole('button', { name: 'Stay signed in' });
    expect(getToken()).toBe('old');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out and sign in again' }));
    await screen.findByRole('button', { name: 'LOGIN' });
    await waitFor(() => expect(getToken()).toBeNull());
    expect(fetchMock).toHaveBeenCalled();
  });

  it('keeps the session and goes to the clients when the user stays signed in', async () => {
    setToken('old');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const { router } = renderScreen(LoginScreen, { path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(getToken()).toBe('old');
  });

  it('takes the error away once the user corrects the input', async () => {
    const hide = vi.spyOn(notifications, 'hide').mockImplementation(() => '');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }, { status: 401 })),
    );
    renderScreen(LoginScreen, { path: '/login' });
    await type('Email', 'analyst@demo.example');
    await type('Password', 'wrong-password');
    hide.mockClear();
    fireEvent.submit(screen.getByRole('button', { name: 'LOGIN' }).closest('form')!);
    await waitFor(() => expect(messages()).toContain('Invalid email or password'));
    const shown = toast.mock.calls.find((c) => (c[0] as { message?: string }).message === 'Invalid email or password')![0] as { id?: string };
    expect(hide).not.toHaveBeenCalled();
    await type('Password', 'demo-password');
    expect(hide).toHaveBeenCalledWith(shown.id);
  });

  it('links back to the public website', async () => {
    renderScreen(LoginScreen, { path: '/login' });
    expect((await screen.findByRole('link', { name: 'Back to the website' })).getAttribute('href')).toBe('/');
  });

  it('stores the token and goes on to /clients after a login on a login path', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/crm/api/user/login')
          ? Response.json({ access_token: 'tok' })
          : Response.json({ Id: 1, Name: 'Ada', Surname: 'Admin', Email: 'a@b.c', IsAdmin: true, ActingAdminId: null }),
      ),
    );
    const { router } = renderScreen(LoginScreen, { path: '/login' });
    await type('Email', 'admin@demo.example');
    await type('Password', 'demo-password');
    fireEvent.submit(screen.getByRole('button', { name: 'LOGIN' }).closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(getToken()).toBe('tok');
  });
});

describe('forgot password screen', () => {
  it("warns 'Email cannot be empty' and sends nothing when the field is empty", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(ForgotPasswordScreen, { path: '/forgot-password' });
    fireEvent.click(await screen.findByRole('button', { name: 'SUBMIT' }));
    expect(messages()).toEqual([MESSAGES.emailEmpty]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms the link was sent and clears the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ok: true })),
    );
    renderScreen(ForgotPasswordScreen, { path: '/forgot-password' });
    await type('Email', 'viewer@demo.example');
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await waitFor(() => expect(messages()).toEqual([MESSAGES.forgotSent('viewer@demo.example')]));
    expect(valueOf('Email')).toBe('');
  });

  it('reports a failure with the email in the message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ok: false })),
    );
    renderScreen(ForgotPasswordScreen, { path: '/forgot-password' });
    await type('Email', 'x@y.z');
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await waitFor(() => expect(messages()).toEqual([MESSAGES.forgotFailed('x@y.z')]));
  });
});

describe('password setup screen', () => {
  const Setup = () => <PasswordSetupScreen contactId={3} token="t0k" />;

  it('keeps CONFIRM disabled while a field is empty and refuses a mismatch', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(Setup, { path: '/password-setup/3' });
    expect(await screen.findByText('PASSWORD SETUP')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'CONFIRM' });
    await type(/^Password$/, 'demo-password');
    expect(disabled(confirm)).toBe(true);
    await type('Confirm password', 'demo-passwore');
    fireEvent.click(confirm);
    expect(messages()).toEqual([MESSAGES.passwordsDoNotMatch]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the contact id with the link token, and names an unknown contact', async () => {
    const fetchMock = vi.fn(async () => Response.json({ message: MESSAGES.userNotFoundForId }, { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(Setup, { path: '/password-setup/3' });
    await type(/^Password$/, 'demo-password');
    await type('Confirm password', 'demo-password');
    fireEvent.click(screen.getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(messages()).toEqual([MESSAGES.userNotFoundForId]));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/crm/api/user/password/set');
    expect(JSON.parse(init.body as string)).toEqual({ IDUser: 3, Token: 't0k', Password: 'demo-password', PasswordConfirm: 'demo-password' });
  });
});

describe('password setup link', () => {
  const submit = async () => {
    await type(/^Password$/, 'demo-password');
    await type('Confirm password', 'demo-password');
    fireEvent.click(screen.getByRole('button', { name: 'CONFIRM' }));
  };
  const sentToken = (fetchMock: ReturnType<typeof vi.fn>) => JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string).Token;

  it("reads the token from the link's fragment and takes it out of the address bar at once", async () => {
    const fetchMock = vi.fn(async () => Response.json({ Message: MESSAGES.passwordSet }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderScreen(() => <PasswordSetupScreen contactId={3} />, { path: '/password-setup/3#token=frag-t0k' });
    await waitFor(() => expect(router.state.location.href).toBe('/password-setup/3'));
    await submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentToken(fetchMock)).toBe('frag-t0k');
  });

  it('still takes ?token= of links mailed before, and strips it from the address bar at once', async () => {
    const fetchMock = vi.fn(async () => Response.json({ Message: MESSAGES.passwordSet }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderScreen(() => <PasswordSetupScreen contactId={3} />, { path: '/password-setup/3?token=old-t0k' });
    await waitFor(() => expect(router.state.location.href).toBe('/password-setup/3'));
    await submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentToken(fetchMock)).toBe('old-t0k');
  });
});

describe('audit log screen', () => {
  const entry = (Id: number, over: object = {}) => ({
    Id,
    DateCreated: '2026-03-01T10:00:00Z',
    ActorId: 1,
    Actor: 'admin@demo.example',
    ActingAsId: null,
    ActingAs: null,
    Action: 'project.rename',
    Target: 'project:7',
    Detail: { from: 'Summer', to: 'Winter' },
    Address: '203.0.113.9',
    ...over,
  });

  it('shows who, acting as whom, what, on what, when and from where, and pages on to older entries', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/api/user/get'))
        return Response.json({ Id: 1, Name: 'Ada', Surname: 'Admin', Email: 'admin@demo.example', IsAdmin: true, ActingAdminId: null });
      if (url.includes('before=5')) return Response.json({ Entries: [entry(4, { Action: 'act_as.start', Target: 'user:3', Detail: null })], Next: null });
      return Response.json({
        Entries: [
          entry(6, { Action: 'clips.reject', ActingAsId: 3, ActingAs: 'analyst@demo.example', Detail: { binClipIds: { ids: [11, 12], count: 2 }, rows: 4 } }),
          entry(5),
        ],
        Next: 5,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    setToken('tok');
    renderScreen(AuditScreen, { path: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['When', 'Who', 'Acting as', 'Action', 'Target', 'Detail', 'Address']);
    const cells = (row: number) => [...table.querySelectorAll('tbody tr')[row].querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(0).slice(1)).toEqual([
      'admin@demo.example',
      'analyst@demo.example',
      'Rejected clips',
      'project:7',
      'binClipIds: 11, 12 · rows: 4',
      '203.0.113.9',
    ]);
    expect(cells(1).slice(1)).toEqual(['admin@demo.example', '', 'Renamed project', 'project:7', 'from: Summer · to: Winter', '203.0.113.9']);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin/audit?limit=50'))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(3));
    expect(cells(2).slice(1, 5)).toEqual(['admin@demo.example', '', 'Started acting as', 'user:3']);
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
  });

  it('labels every action the server records (the per-client posts kept among them), each differently; an unknown one shows as recorded', async () => {
    const labels = AUDIT_ACTIONS.map((a) => ACTION_LABELS[a]);
    expect(AUDIT_ACTIONS.filter((a) => !ACTION_LABELS[a] || ACTION_LABELS[a] === a)).toEqual([]);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/user/get'))
          return Response.json({ Id: 1, Name: 'Ada', Surname: 'Admin', Email: 'admin@demo.example', IsAdmin: true, ActingAdminId: null });
        return Response.json({
          Entries: [
            entry(8, { Action: 'client.retention', Target: 'client:2', Detail: { from: null, to: 6 } }),
            entry(7, { Action: 'client.archive', Target: 'client:2', Detail: null }),
          ],
          Next: null,
        });
      }),
    );
    setToken('tok');
    renderScreen(AuditScreen, { path: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const action = (row: number) => table.querySelectorAll('tbody tr')[row].querySelectorAll('td')[3].textContent;
    expect([action(0), action(1)]).toEqual(['Changed posts kept', 'client.archive']);
  });

  it('is linked from the admin screen', async () => {
    renderScreen(AdminScreen, { path: '/admin' });
    expect((await screen.findByRole('link', { name: /audit log/i })).getAttribute('href')).toBe('/admin/audit');
  });
});

describe('admin act-as screen', () => {
  it('warns about an invalid address and clears the field', async () => {
    renderScreen(AdminScreen, { path: '/admin' });
    await type('Act as contact email', 'not an email');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(messages()).toEqual([MESSAGES.actAsInvalidEmail]);
    expect(valueOf('Act as contact email')).toBe('');
  });

  it("says 'User not found' when the email yields no id", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'no such contact' }, { status: 404 })),
    );
    renderScreen(AdminScreen, { path: '/admin' });
    await type('Act as contact email', 'nobody@demo.example');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(messages()).toEqual([MESSAGES.actAsUserNotFound]));
  });

  it("takes 'Could not login' away once a later try signs in", async () => {
    const hide = vi.spyOn(notifications, 'hide').mockImplementation(() => '');
    let tokens = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/user/get/email')) return Response.json({ Id: 42 });
        if (url.includes('/user/login/id')) return tokens++ === 0 ? Response.json({}) : Response.json({ access_token: 'acting' });
        return Response.json({ message: 'not here' }, { status: 404 });
      }),
    );
    renderScreen(AdminScreen, { path: '/admin' });
    await type('Act as contact email', 'contact@demo.example');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(messages()).toEqual([MESSAGES.actAsCouldNotLogin]));
    const shown = toast.mock.calls[0][0] as { id?: string };
    expect(shown.id).toBeTruthy();
    // (A keyed toast replaces its own earlier copy as it shows.)
    hide.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(getToken()).toBe('acting'));
    expect(hide).toHaveBeenCalledWith(shown.id);
  });
});
