// @vitest-environment jsdom
import { MESSAGES, type Project } from '@listening/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { testProject } from '../../../test/project.ts';
import { ProjectsScreen } from './ProjectsScreen.tsx';
import { isolateEachTest } from '../../../test/each-test.ts';

isolateEachTest();

const project = (Id: number, Description: string, ProjectTypeId: number, StopDate: string | null): Project =>
  testProject({ Id, Description, ProjectType: '', ProjectTypeId, StreamId: '7,8,11', StartDate: '2026-01-05', StopDate, BinId: Id * 100 });

const projects = [project(1, 'Zulu Watch', 1, null), project(2, 'Alpha Campaign', 2, '2026-06-30'), project(3, 'Acme Brand', 1, null)];

describe('project list', () => {
  it('groups projects by type, sorted by description, with stream icons and a stop date or "not set"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(projects)),
    );
    renderScreen(() => <ProjectsScreen clientId={1} isAdmin={false} />, { path: '/client/1/projects' });
    const brand = await screen.findByRole('region', { name: /Brand Monitoring/ });
    const links = within(brand).getAllByRole('link', { name: /Open project/ });
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual(['Open project Acme Brand', 'Open project Zulu Watch']);
    expect(links[0].getAttribute('href')).toMatch(/^\/client\/1\/project\/3\?datefrom=\d{4}-\d{2}-\d{2}&dateto=\d{4}-\d{2}-\d{2}&streams=7%2C8%2C9%2C11$/);
    expect(
      within(links[0])
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['X', 'Facebook', 'LinkedIn']);
    expect(links[0].textContent).toContain('not set');
    expect(screen.getByRole('link', { name: 'Open project Alpha Campaign' }).textContent).toContain('30 Jun 2026');
    expect(screen.queryByRole('button', { name: /Settings of/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New' })).toBeNull();
  });

  it('lets an admin delete a project after the confirmation, through its bin on the keywords host', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.startsWith('/keywords/') ? Response.json({ ok: true }) : Response.json(projects)));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(() => <ProjectsScreen clientId={1} isAdmin />, { path: '/client/1/projects' });
    expect(await screen.findByRole('link', { name: 'New' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Settings of Zulu Watch' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete project' }));
    expect(await screen.findByText(MESSAGES.confirmDeleteProject('Zulu Watch'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => (c as unknown as [string])[0])).toContain('/keywords/api/bins/isdeleted?id=100&isDeleted=true&clientId=1'),
    );
  });
});
