// The tray scopes of figures that cover a period: a bar of the insights chart is one day, week or
// month, kept inside the filter's range (a cut first or last week opens only its days in range).
import dayjs from 'dayjs';
import type { ProjectFilter } from '../filter.ts';
import type { TrayScope } from './tray-state.tsx';

export type Bucket = 'day' | 'week' | 'month';

/** 'Mon 4 Mar 2025', 'Week of 3 Mar 2025' or 'March 2025'. */
export function bucketLabel(date: string, bucket: Bucket): string {
  const d = dayjs(date);
  return bucket === 'day' ? d.format('ddd D MMM YYYY') : bucket === 'week' ? `Week of ${d.format('D MMM YYYY')}` : d.format('MMMM YYYY');
}

/** The posts of one bucket starting at `date`, within the filter's range; `rating` narrows to one favourability. */
export function bucketScope(
  date: string,
  bucket: Bucket,
  filter: Pick<ProjectFilter, 'datefrom' | 'dateto'>,
  rating?: { id: number; name: string },
): TrayScope {
  const start = dayjs(date);
  const end = start.add(1, bucket).subtract(1, 'day');
  const from = start.isBefore(dayjs(filter.datefrom)) ? filter.datefrom : start.format('YYYY-MM-DD');
  const to = end.isAfter(dayjs(filter.dateto)) ? filter.dateto : end.format('YYYY-MM-DD');
  return {
    label: `${rating ? `${rating.name} posts, ` : ''}${bucketLabel(date, bucket)}${from !== start.format('YYYY-MM-DD') || to !== end.format('YYYY-MM-DD') ? ` (${dayjs(from).format('D MMM')} – ${dayjs(to).format('D MMM')} in range)` : ''}`,
    startDate: `${from}T00:00:00`,
    endDate: `${to}T23:59:59`,
    ...(rating ? { favourabilityId: rating.id } : {}),
  };
}
