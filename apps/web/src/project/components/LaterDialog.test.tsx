// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { projectMenu } from '../menu.ts';
import { LaterDialog } from './LaterDialog.tsx';

const ALL = ['KPSZ10', 'KPVT10', 'KPRW10', 'KPOZ10', 'KPIB10', 'KPNT10'];

afterEach(cleanup);

const ways = async () =>
  within(await screen.findByTestId('later-ways', {}, { timeout: 5000 }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the menu items that are explanations for now', () => {
  it('lead from Narrative Analysis to the screens that cover what is said, those the project type has', async () => {
    renderScreen(() => <LaterDialog kind="narrative" items={projectMenu(1, [7, 8, 9], ALL)} onGo={() => {}} onClose={() => {}} />);
    expect(await ways()).toEqual(['Deep Dive', 'Tree View', 'Sentiment Rating']);
    cleanup();
    // A campaign project has no Deep Dive nor Sentiment: Tree View is still a way on.
    renderScreen(() => <LaterDialog kind="narrative" items={projectMenu(2, [7, 8, 9], ALL)} onGo={() => {}} onClose={() => {}} />);
    expect(await ways()).toEqual(['Tree View']);
  });

  it('names a locked product as such', async () => {
    renderScreen(() => <LaterDialog kind="narrative" items={projectMenu(1, [7], [])} onGo={() => {}} onClose={() => {}} />);
    expect(await ways()).toEqual(['Deep Dive (locked product)', 'Tree View', 'Sentiment Rating (locked product)']);
  });
});
