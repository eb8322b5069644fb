// When each trial reminder stage is due (notices/trial-reminders.ts): d days before the end for 7, 3 and
// 1; the end itself for 0, and nothing once the end is a full notice window past.
import { describe, expect, it } from 'vitest';
import { dueStages, ENDED_NOTICE_WINDOW_MS } from '../../src/plugins/app/notices/trial-reminders.ts';

const end = new Date('2026-06-10T15:30:00.000Z');
const before = (ms: number) => new Date(end.getTime() - ms);
const DAY = 86_400_000;

describe('dueStages', () => {
  it.each([
    [8 * DAY, []],
    [7 * DAY + 1, []],
    [7 * DAY, [7]],
    [3 * DAY + 1, [7]],
    [3 * DAY, [7, 3]],
    [DAY, [7, 3, 1]],
    [1, [7, 3, 1]],
    [0, [7, 3, 1, 0]],
    [-ENDED_NOTICE_WINDOW_MS + 1, [7, 3, 1, 0]],
    [-ENDED_NOTICE_WINDOW_MS, []],
  ])('%i ms before the end: %j', (ms, stages) => {
    expect(dueStages(end, before(ms))).toEqual(stages);
  });
});
