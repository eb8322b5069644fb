import { describe, expect, it } from 'vitest';
import { dropUnguardedPropTypes } from './drop-prop-types';

describe('dropUnguardedPropTypes', () => {
  it('makes an unguarded propTypes assignment dead code, and the module still runs', () => {
    const code = [
      "import PropTypes from 'prop-types';",
      'function DataGridRaw() {}',
      'DataGridRaw.propTypes = {',
      '  rows: PropTypes.array.isRequired,',
      '};',
      'export { DataGridRaw };',
    ].join('\n');
    const dropped = dropUnguardedPropTypes(code);
    expect(dropped).toContain('if (false) DataGridRaw.propTypes = {');
    const run = new Function(
      'PropTypes',
      dropped.split('\n').slice(1, -1).join('\n') + '\nreturn DataGridRaw;',
    );
    // PropTypes is never read: the assignment no longer runs.
    expect((run(undefined) as { propTypes?: unknown }).propTypes).toBeUndefined();
  });

  it('leaves the assignments already guarded by the development check', () => {
    const code =
      'process.env.NODE_ENV !== "production" ? Icon.propTypes = {\n  className: PropTypes.string\n} : void 0;';
    expect(dropUnguardedPropTypes(code)).toBe(code);
  });
});
