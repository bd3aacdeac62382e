// The report dialog's six sections and how it moves among them: every move remembers where it
// came from, so the header's back control retraces the user's steps.
import type { Report, ReportSchedule } from '@listening/contract';

export type Section = 'saved' | 'options' | 'generate' | 'schedule' | 'schedules' | 'log';

export const SECTION_TITLES: Record<Section, string> = {
  saved: 'Saved Reports',
  options: 'Report Options',
  generate: 'Generate Report',
  schedule: 'Add Schedule',
  schedules: 'Schedule List',
  log: 'Request Log',
};

export interface DialogPlace {
  section: Section;
  /** The report Report Options edits (null: a new one), Generate Report generates or Add Schedule schedules. */
  report: Report | null;
  /** The schedule Add Schedule changes (null: a new one). */
  schedule: ReportSchedule | null;
}

export interface DialogState {
  place: DialogPlace;
  history: DialogPlace[];
}

export const initialState: DialogState = { place: { section: 'saved', report: null, schedule: null }, history: [] };

/** Moves to a place; moving to where the dialog already is changes nothing. */
export function go(state: DialogState, next: DialogPlace): DialogState {
  const { place } = state;
  if (place.section === next.section && place.report?.Id === next.report?.Id && place.schedule?.Id === next.schedule?.Id) return state;
  return { place: next, history: [...state.history, place] };
}

/** The back control: the previous place, or Saved Reports when there is none. */
export function back(state: DialogState): DialogState {
  const previous = state.history.at(-1);
  return previous ? { place: previous, history: state.history.slice(0, -1) } : initialState;
}
