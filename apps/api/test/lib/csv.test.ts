import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../src/lib/csv.ts';

describe('toCsv', () => {
  it('quotes what needs it and reads back as written', () => {
    const rows = [['plain', 'with, comma', 'with "quotes"', 'two\nlines', '']];
    expect(toCsv(rows)).toBe('plain,"with, comma","with ""quotes""","two\nlines",\r\n');
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it('prefixes cells a spreadsheet would run as formulas with an apostrophe', () => {
    const cells = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'a=1'];
    expect(parseCsv(toCsv([cells]))[0]).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx", 'a=1']);
  });
});
