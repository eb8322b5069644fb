import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { screenName } from './screen-names';

/** The screens the README's Analytics section lists under "Page views". */
function readmePageViews(): string[] {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');
  const bullet = /- \*\*Page views\*\*:([\s\S]*?)\n- \*\*/.exec(readme)?.[1] ?? '';
  const list = bullet.slice(bullet.indexOf('):') + 2);
  return list
    .replace(/\s+/g, ' ')
    .replace(/\.\s*$/, '')
    .split(',')
    .map((name) => name.trim());
}

describe('screen names', () => {
  it('are the page views the README lists, every one of them', () => {
    const routes = [
      ...Object.values(paths).filter(
        (path): path is Exclude<typeof path, (id: string) => string> => typeof path === 'string',
      ),
      paths.client('dfc_example'),
      `${paths.resetPassword}/anything`,
    ];
    const screens = new Set(routes.map(screenName).filter((name): name is string => name !== null));
    expect(readmePageViews().toSorted()).toEqual([...screens].toSorted());
  });
});
