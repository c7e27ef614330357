import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell.ts';

describe('a CSV cell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [' =HYPERLINK("http://x","y")', `"' =HYPERLINK(""http://x"",""y"")"`],
    ['   +cmd', "'   +cmd"],
    ['\t=1', `'\t=1`],
    ['\r=1', `"'\r=1"`],
    ['\n@x', `"'\n@x"`],
    ['\u00a0=1', "'\u00a0=1"],
    ['\u3000=1', "'\u3000=1"],
    ['\uff1d1+1', "'\uff1d1+1"],
    ['\tplain', "'\tplain"],
  ])('writes %j, which a spreadsheet would run, as text: %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('leaves ordinary text and numbers as they are, quoting only what must be', () => {
    expect(csvCell('Ann Lee')).toBe('Ann Lee');
    expect(csvCell('a = b')).toBe('a = b');
    expect(csvCell('Half, "exactly"')).toBe('"Half, ""exactly"""');
    expect(csvCell('x;y')).toBe('"x;y"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(2.5)).toBe('2.5');
    expect(csvCell(null)).toBe('');
  });
});
