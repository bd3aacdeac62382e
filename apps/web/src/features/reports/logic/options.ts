// Report Options as a form: the draft a user edits, its defaults (layout 3, streams 7, 8, 9,
// narrowed to what the project offers), the templates a layout offers (4 and 7 never), the
// streams a project type offers (no LinkedIn for type 5) and the YouTube rule.
import {
  DEFAULT_LAYOUT_ID,
  HIDDEN_TEMPLATE_IDS,
  REPORT_MESSAGES,
  STREAMS,
  YOUTUBE,
  toggleStream,
  type Report,
  type ReportInput,
  type ReportKind,
} from '@listening/contract';

export const DEFAULT_REPORT_STREAMS: readonly number[] = [STREAMS.X, STREAMS.Facebook, STREAMS.Instagram];

// The streams a report of a project type may cover: a rule by project type, so the contract's.
export { reportStreams } from '@listening/contract';

export interface ReportDraft {
  Id?: number;
  Name: string;
  LayoutId: number;
  TemplateIds: number[];
  StreamIds: number[];
  BinIds: number[];
  RecipientIds: number[];
}

/** Templates of a layout the dialog offers, from the options call's list. */
export function templatesFor<T extends { Id: number; LayoutId: number }>(options: readonly T[], layoutId: number): T[] {
  return options.filter((t) => t.LayoutId === layoutId && !HIDDEN_TEMPLATE_IDS.includes(t.Id));
}

/** A new report: layout 3 with its templates, streams 7, 8, 9, no bins or recipients. */
export function newDraft(templates: readonly { Id: number; LayoutId: number }[]): ReportDraft {
  return {
    Name: '',
    LayoutId: DEFAULT_LAYOUT_ID,
    TemplateIds: templatesFor(templates, DEFAULT_LAYOUT_ID).map((t) => t.Id),
    StreamIds: [...DEFAULT_REPORT_STREAMS],
    BinIds: [],
    RecipientIds: [],
  };
}

export const draftOf = (r: Report): ReportDraft => ({
  Id: r.Id,
  Name: r.Name,
  LayoutId: r.LayoutId,
  TemplateIds: [...r.TemplateIds],
  StreamIds: [...r.StreamIds],
  BinIds: [...r.BinIds],
  RecipientIds: [...r.RecipientIds],
});

/** Another layout keeps the templates it shares (none) and otherwise takes all of the new layout's. */
export function withLayout(draft: ReportDraft, layoutId: number, templates: readonly { Id: number; LayoutId: number }[]): ReportDraft {
  return { ...draft, LayoutId: layoutId, TemplateIds: templatesFor(templates, layoutId).map((t) => t.Id) };
}

/**
 * Toggles a stream by the YouTube rule: YouTube clears the others, another stream clears
 * YouTube, and the last stream stays. `cleared` names the streams the rule took away, so the
 * dialog can say why they went.
 */
export function toggleReportStream(selected: readonly number[], streamId: number): { streams: number[]; cleared: number[] } {
  const streams = toggleStream(selected, streamId);
  const cleared = selected.filter((s) => s !== streamId && !streams.includes(s));
  return { streams, cleared };
}

/**
 * What stops a draft being saved, in the product's words; null when it may be sent. A scheduled
 * report keeps at least one recipient: its schedule sends to them.
 */
export function draftProblem(draft: ReportDraft, scheduled = false): string | null {
  if (draft.StreamIds.includes(YOUTUBE) && draft.StreamIds.length > 1) return REPORT_MESSAGES.youtubeAlone;
  if (!draft.Name.trim()) return 'Please enter a name for the report';
  if (draft.TemplateIds.length === 0) return 'Choose at least one template';
  if (draft.StreamIds.length === 0) return 'Choose at least one stream';
  if (scheduled && draft.RecipientIds.length === 0) return REPORT_MESSAGES.noRecipient;
  return null;
}

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

/** Whether the draft differs from where it started: what closing the dialog would lose. */
export function draftChanged(from: ReportDraft, draft: ReportDraft): boolean {
  return (
    from.Name.trim() !== draft.Name.trim() ||
    from.LayoutId !== draft.LayoutId ||
    (['TemplateIds', 'StreamIds', 'BinIds', 'RecipientIds'] as const).some((k) => sorted(from[k]) !== sorted(draft[k]))
  );
}

export const bodyOf = (draft: ReportDraft, projectId: number, kind: ReportKind): ReportInput => ({
  ...(draft.Id ? { Id: draft.Id } : {}),
  ProjectId: projectId,
  Name: draft.Name.trim(),
  Kind: kind,
  LayoutId: draft.LayoutId,
  TemplateIds: draft.TemplateIds,
  StreamIds: draft.StreamIds,
  BinIds: draft.BinIds,
  RecipientIds: draft.RecipientIds,
});

/** The project's bins for the Bins picker, each folder followed by its subfolders, which are marked by depth. */
export function binChoices(bins: readonly { Id: number; Name: string; ParentId: number | null }[]): { value: string; label: string }[] {
  const ids = new Set(bins.map((b) => b.Id));
  const out: { value: string; label: string }[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const b of bins.filter((x) => (parent === null ? x.ParentId === null || !ids.has(x.ParentId) : x.ParentId === parent))) {
      out.push({ value: String(b.Id), label: depth ? `${'  '.repeat(depth - 1)}↳ ${b.Name}` : b.Name });
      visit(b.Id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}
