import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/lib/escape-html.ts';

describe('escapeHtml', () => {
  it('turns every character that could open markup or end an attribute into its entity', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('plain text, unchanged')).toBe('plain text, unchanged');
  });
});
