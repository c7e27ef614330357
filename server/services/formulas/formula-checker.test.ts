import { afterEach, describe, expect, it } from 'vitest';
import { FormulaChecker } from './formula-checker.ts';

const open: FormulaChecker[] = [];
const checker = (options: ConstructorParameters<typeof FormulaChecker>[0] = {}) => {
  const made = new FormulaChecker(options);
  open.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** A formula that parses, and takes temml a good while (some 0.7 s here). */
const HEAVY = `\\(${'\\frac{1}{2}+'.repeat(16_000)}1\\)`;

describe('the formula checker', () => {
  it('says of each text whether its formulas parse; a text without any is not sent', async () => {
    const verdicts = await checker().check([
      'Half is \\(\\frac{1}{2}\\)',
      'Broken \\(\\frac{1}{\\) here',
      'No formula at all',
      '\\[x^2\\] and \\(\\sqrt{\\)',
    ]);
    expect([...verdicts]).toEqual([
      ['Half is \\(\\frac{1}{2}\\)', 'ok'],
      ['Broken \\(\\frac{1}{\\) here', 'bad'],
      ['\\[x^2\\] and \\(\\sqrt{\\)', 'bad'],
    ]);
  });

  it('keeps each verdict by the formula, so a text asked again is answered without a thread', async () => {
    const formulas = checker();
    await formulas.check(['\\(a+b\\)', '\\(\\frac{\\)']);
    const again = formulas.check(['\\(a+b\\)', 'x \\(\\frac{\\) y', '\\(a+b\\) and \\(a+b\\)']);
    expect(formulas.busy).toBe(0);
    expect([...(await again).values()]).toEqual(['ok', 'bad', 'ok']);
  });

  it('ends a thread that overruns a formula’s budget, calls that formula not checked, and goes on', async () => {
    const formulas = checker({ threads: 1, formulaBudgetMs: 50 });
    const verdicts = await formulas.check([HEAVY, '\\(x+1\\)', '\\(\\frac{\\)']);
    expect([...verdicts.values()]).toEqual(['slow', 'ok', 'bad']);
    // Not kept: with room, the same formula is checked in full.
    const roomy = checker({ threads: 1, formulaBudgetMs: 30_000 });
    expect((await roomy.check([HEAVY])).get(HEAVY)).toBe('ok');
  });

  it('stops at the request’s budget; what it reached is kept, and asking again goes on from there', async () => {
    const formulas = checker({ threads: 1, requestBudgetMs: 5 });
    const texts = Array.from({ length: 200 }, (_, i) => `\\(x^{${i}}\\)`);
    const first = await formulas.check(texts);
    expect([...first.values()]).toContain('slow');
    const patient = new Map<string, string>();
    for (
      let tries = 0;
      tries < 2000 && [...patient.values()].filter((v) => v === 'ok').length < texts.length;
      tries++
    ) {
      for (const [text, verdict] of await formulas.check(texts)) patient.set(text, verdict);
    }
    expect([...patient.values()].every((v) => v === 'ok')).toBe(true);
  });
});
