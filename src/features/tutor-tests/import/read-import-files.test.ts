import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_FILE_BYTES } from '../../../../contract/question-banks.ts';
import { readImportFiles } from './read-import-files.ts';

const file = (name: string, bytes: number | string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);

describe('the files an import sends', () => {
  it('reads each chosen file as base64', async () => {
    expect(await readImportFiles([file('a.gift', 'Q? {=a ~b}'), file('b.txt', 'hi')])).toEqual({
      files: [
        { name: 'a.gift', data: btoa('Q? {=a ~b}') },
        { name: 'b.txt', data: btoa('hi') },
      ],
      tooLarge: [],
      tooLargeTogether: false,
    });
  });

  it('refuses, before reading anything, a file larger than an import holds, or files too large together', async () => {
    const half = Math.ceil(MAX_IMPORT_FILE_BYTES / 2) + 1;
    expect(await readImportFiles([file('big.xml', MAX_IMPORT_FILE_BYTES + 1), file('ok.txt', 'x')])).toEqual({
      files: [],
      tooLarge: ['big.xml'],
      tooLargeTogether: false,
    });
    expect(await readImportFiles([file('one.xml', half), file('two.xml', half)])).toEqual({
      files: [],
      tooLarge: [],
      tooLargeTogether: true,
    });
  });
});
