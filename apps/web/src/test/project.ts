// The project the filter tests resolve against: a Brand Monitoring project on five streams,
// started long before the fixed "now", so only the overrides a test passes decide its outcome.
import type { Project } from '@listening/contract';
import dayjs from 'dayjs';

export const testProject = (over: Partial<Project> = {}): Project => ({
  Id: 4,
  ClientId: 1,
  Description: 'Acme',
  ProjectType: 'Brand Monitoring',
  ProjectTypeId: 1,
  ProjectSubTypeId: null,
  StreamId: '7,8,9,10,11',
  StartDate: '2024-01-01',
  StopDate: null,
  BinId: 10,
  TimeZone: 'Africa/Johannesburg',
  ...over,
});

/** The fixed moment the filter tests resolve ranges from. */
export const testNow = dayjs('2025-03-31T10:00:00');
