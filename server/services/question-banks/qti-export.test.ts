/**
 * A QTI export's formulas are rendered on the formulas' threads, never on the event loop (48 heavy
 * formulas rendered there held `/health` for seconds): the writer renders nothing itself, and a
 * formula not rendered in time is written as its TeX annotation, which reads back the same.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { completeDraft } from '../../routes/tutor/draft-fixture.ts';
import { FormulaChecker } from '../formulas/formula-checker.ts';
import { writeBank } from './export-bank.ts';
import { lessonFileOf } from './lesson-files.ts';
import { readBankFile } from './read-bank-file.ts';

const HEAVY = `${'\\frac{1}{2}+'.repeat(16_000)}1`;
const lesson = () => {
  const draft = completeDraft();
  const [single] = draft.blocks[0]?.questions ?? [];
  if (!single) throw new Error('the fixture changed');
  single.explanation = { en: `Heavy: \\(${HEAVY}\\)`, uk: 'Важке' };
  return lessonFileOf(draft, 'formulas');
};
const checkers: FormulaChecker[] = [];
afterAll(async () => {
  await Promise.all(checkers.map((c) => c.close()));
});

/** The package's item files as text. */
const itemsOf = (bytes: Uint8Array) =>
  Object.entries(unzipSync(bytes))
    .filter(([path]) => path.startsWith('items/'))
    .map(([, data]) => strFromU8(data))
    .join('\n');

/** The TeX of every formula the package reads back as. */
function texReadBack(bytes: Uint8Array): string[] {
  const read = readBankFile(bytes, 'en');
  if (!('bank' in read)) throw new Error(JSON.stringify(read));
  const texts = read.bank.categories.flatMap((c) => c.questions.flatMap((q) => [q.text, q.explanation ?? '']));
  return texts.flatMap((text) => [...text.matchAll(/\\\((.*?)\\\)/gs)].map((m) => m[1] as string));
}

describe('a QTI export’s formulas', () => {
  it('are MathML rendered on the threads, each with its TeX', async () => {
    const formulas = new FormulaChecker({ formulaBudgetMs: 30_000 });
    checkers.push(formulas);
    const written = await writeBank(lesson(), 'qti', 'en', formulas);
    const items = itemsOf(written.bytes);
    expect(items).toContain('<mfrac>');
    expect(texReadBack(written.bytes)).toEqual([HEAVY, '\\frac{1}{2}']);
  }, 60_000);

  it('are their TeX annotation alone where a thread overran, and read back the same', async () => {
    const formulas = new FormulaChecker({ threads: 1, formulaBudgetMs: 100 });
    checkers.push(formulas);
    const written = await writeBank(lesson(), 'qti', 'en', formulas);
    const items = itemsOf(written.bytes);
    // The light one rendered, the heavy one not.
    expect(items).toContain('<mfrac>');
    expect(items).toContain('<semantics><mrow/><annotation encoding="application/x-tex">\\frac{1}{2}+\\frac');
    expect(texReadBack(written.bytes)).toEqual([HEAVY, '\\frac{1}{2}']);
    // Nothing rendered at all (the writer renders nothing itself): every formula still reads back.
    const none = await writeBank(lesson(), 'qti', 'en', { render: async () => new Map() });
    expect(itemsOf(none.bytes)).not.toContain('<mfrac>');
    expect(texReadBack(none.bytes)).toEqual([HEAVY, '\\frac{1}{2}']);
  }, 60_000);
});
