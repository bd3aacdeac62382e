// @vitest-environment jsdom
// The dashboard's word on collection: a project that collects nothing is never shown as 'Live', and
// says what to configure for each network, with the way to the linking screen.
import type { CollectionStatus, Project } from '@listening/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectContext, type ProjectContextValue } from '../../../project/context.ts';
import { renderPlain } from '../../../test/render.tsx';
import { CollectionNotice } from './CollectionNotice.tsx';
import { LiveStatus } from './LiveStatus.tsx';

afterEach(cleanup);

const nothing: CollectionStatus = {
  Collecting: false,
  Simulated: false,
  Summary: 'Not collecting: nothing configured for X, Facebook',
  NotCollecting: ['X', 'Facebook'],
  Streams: [
    {
      StreamId: 7,
      Name: 'X',
      Collecting: false,
      Sources: [],
      Steps: [
        { Text: "Set X_BEARER_TOKEN on the server (X recent search for the project's keywords)", Where: 'server' },
        { Text: 'Link an X account in Access Token Management', Where: 'access-tokens' },
      ],
    },
    {
      StreamId: 8,
      Name: 'Facebook',
      Collecting: false,
      Sources: [],
      Steps: [{ Text: 'Link a Facebook page in Access Token Management', Where: 'access-tokens' }],
    },
  ],
};
const partly: CollectionStatus = {
  ...nothing,
  Collecting: true,
  Summary: 'Collecting: X; nothing configured for Facebook',
  NotCollecting: ['Facebook'],
  Streams: [{ ...nothing.Streams[0], Collecting: true, Sources: ['the linked account @karoo'], Steps: [] }, nothing.Streams[1]],
};

function withProject(node: ReactNode, openDialog = vi.fn()) {
  const value = { clientId: 1, project: { Id: 4 } as Project, openDialog } as unknown as ProjectContextValue;
  renderPlain(<ProjectContext.Provider value={value}>{node}</ProjectContext.Provider>);
  return openDialog;
}

describe('live status', () => {
  it('says what a project that collects nothing is, instead of Live, whatever the range', () => {
    renderPlain(<LiveStatus live updatedAt={null} collection={nothing} />);
    expect(screen.getByTestId('live-status').getAttribute('data-state')).toBe('not-collecting');
    expect(screen.getByText('Not collecting: nothing configured for X, Facebook')).toBeTruthy();
    expect(screen.queryByText(/^Live/)).toBeNull();
    cleanup();
    renderPlain(<LiveStatus live={false} updatedAt={null} collection={nothing} />);
    expect(screen.getByText('Not collecting: nothing configured for X, Facebook')).toBeTruthy();
    // A post added by hand still moves the figures: when, is still said.
    cleanup();
    // On the client's clock (Johannesburg, UTC+2 by default), whatever the browser's.
    renderPlain(<LiveStatus live updatedAt={new Date('2026-03-01T12:05:09Z')} collection={nothing} />);
    expect(screen.getByTestId('live-status').textContent).toBe('Not collecting: nothing configured for X, Facebook · updated 14:05:09');
  });

  it('is Live while the range holds now and something collects, and says when the posts are simulated', () => {
    renderPlain(<LiveStatus live updatedAt={null} collection={{ ...nothing, Collecting: true, Simulated: true, NotCollecting: [] }} />);
    expect(screen.getByText('Live: figures follow new simulated demo posts')).toBeTruthy();
    cleanup();
    renderPlain(<LiveStatus live={false} updatedAt={null} collection={partly} />);
    expect(screen.queryByTestId('live-status')).toBeNull();
  });

  it('says nothing, not Live, while the collection status has not answered', () => {
    renderPlain(<LiveStatus live updatedAt={new Date('2026-03-01T12:05:09Z')} />);
    expect(screen.queryByTestId('live-status')).toBeNull();
    expect(screen.queryByText(/^Live/)).toBeNull();
  });
});

describe('collection notice', () => {
  it('lists what to configure per network and opens Access Token Management', () => {
    const openDialog = withProject(<CollectionNotice status={nothing} />);
    expect(screen.getByText('Not collecting: nothing configured for X, Facebook')).toBeTruthy();
    expect(
      screen.getByText("Set X_BEARER_TOKEN on the server (X recent search for the project's keywords); or Link an X account in Access Token Management"),
    ).toBeTruthy();
    expect(screen.getByText(/docs\/operations\.md lists them all/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Access Token Management' }));
    expect(openDialog).toHaveBeenCalledWith('access-tokens');
  });

  it('folds the list behind "What to configure" when some networks collect', () => {
    withProject(<CollectionNotice status={partly} />);
    expect(screen.getByText('Nothing configured for Facebook')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'What to configure' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide what to configure' })).toBeTruthy();
    expect(screen.getByText('Link a Facebook page in Access Token Management')).toBeTruthy();
  });

  it('says nothing when every network collects', () => {
    withProject(<CollectionNotice status={{ ...partly, NotCollecting: [], Streams: [partly.Streams[0]] }} />);
    expect(screen.queryByTestId('collection-notice')).toBeNull();
  });
});
