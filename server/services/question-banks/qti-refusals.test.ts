/**
 * A QTI package's items that Zalik cannot take as they are: each refused with its reason or taken with
 * the change said (a placeholder choice is no option, an empty key refuses its question, one item is
 * no ordering, unequal pair values are made equal, a picture the package lacks is named, drag and drop
 * into gaps is refused saying why), never dropped in silence.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { say } from '../../i18n/messages.ts';
import { QTI_SCHEMAS_SKIP, qtiSchemaErrors } from '../../test/qti-schema.ts';
import { zipFolder } from '../../test/zip-folder.ts';
import { bankDraft } from './bank-draft.ts';
import { readBankFile } from './read-bank-file.ts';

const FOLDER = join(import.meta.dirname, 'fixtures', 'qti-refusals');
const made = (() => {
  const read = readBankFile(zipFolder(FOLDER), 'en');
  if (!('bank' in read)) throw new Error(JSON.stringify(read));
  const draft = bankDraft(read.bank, 'en', 'Refusals');
  if ('key' in draft) throw new Error(draft.key);
  return draft;
})();
const questions = made.draft.blocks.flatMap((b) => b.questions);
const said = (list: typeof made.notes) => list.map((r) => [r.where, say(r.said, 'en')]);

describe('a QTI package’s items Zalik takes with a change', () => {
  it('takes an empty inline choice (a “choose…” placeholder) as no option', () => {
    const placeholder = questions.find((q) => q.passage?.en?.startsWith('Paris lies on'));
    expect(placeholder?.gaps?.[0]?.options?.map((o) => o.text.en)).toEqual(['Thames', 'Seine']);
    expect(placeholder?.gaps?.[0]?.correct_option).toBe('b');
  });

  it('notes pairs worth unequal points made equal, in a match and in an association', () => {
    expect(questions.filter((q) => q.type === 'matching').map((q) => q.text.en)).toEqual([
      'Match each country to its capital.',
      'Pair each animal with its young.',
    ]);
    const equal = 'Its right pairs were worth different points: in Zalik each right pair earns an equal share';
    expect(said(made.notes)).toContainEqual(['item pairs', equal]);
    expect(said(made.notes)).toContainEqual(['item associate', equal]);
  });

  it('takes gap shares as the smallest whole weights in their proportions, and notes shares with none', () => {
    const shares = questions.find((q) => q.passage?.en === 'The [[g1]] sat on the [[g2]].');
    expect(shares?.gaps?.map((g) => g.weight)).toEqual([2, 3]);
    const odd = questions.find((q) => q.passage?.en === 'A [[g1]] sat on the [[g2]].');
    expect(odd?.gaps?.map((g) => g.weight)).toEqual([undefined, undefined]);
    expect(said(made.notes).filter(([, note]) => note?.startsWith('Its gaps’ weights'))).toEqual([
      [
        'item odd-shares',
        'Its gaps’ weights could not be kept (Zalik weighs a gap from 1 to 100): each gap earns an equal share',
      ],
    ]);
  });

  it('names a picture an item shows but the package lacks, and the pictures it cannot keep', () => {
    const picture = questions.find((q) => q.text.en === 'Which fruit is this?');
    expect(picture?.image).toBeUndefined();
    expect(picture?.options?.[0]?.image?.alt).toEqual({ en: 'An apple' });
    expect(said(made.notes).filter(([where]) => where === 'item picture')).toEqual([
      ['item picture', 'Only the first picture of a text was kept'],
      ['item picture', 'Pictures in its general feedback were left out: an explanation in Zalik is text'],
      ['item picture', 'The picture ../images/pear.png is not in the file and was left out'],
    ]);
  });

  it('takes a picture shown as an <object> of an image type, its fallback text the description', () => {
    const object = questions.find((q) => q.text.en === 'Which fruit is shown?');
    expect(object?.image?.alt).toEqual({ en: 'A red apple' });
    expect(made.embedded.has(object?.image?.id ?? '')).toBe(true);
    expect(said(made.notes).filter(([where]) => where === 'item object')).toEqual([]);
  });
});

describe('a QTI package’s items Zalik refuses', () => {
  it('says why each was refused', () => {
    expect(said(made.skipped)).toEqual([
      ['item empty-choice', 'Skipped: the right answer of gap 1 is empty'],
      ['item empty-entry', 'Skipped: the right answer of gap 2 is empty'],
      [
        'item gap-match',
        'Skipped: words dragged into gaps (gapMatchInteraction) are no kind of gap in Zalik, whose gaps are typed or chosen from a list; with its gaps as inline choices it can be imported',
      ],
      // Read as an ordering, then refused by the type: after what the reader refused.
      ['item one-item', 'Skipped: an ordering needs at least 2 items'],
    ]);
  });

  it.skipIf(QTI_SCHEMAS_SKIP)(
    `are items as QTI 2.1 writes them: each fixture valid against IMS’s XSD ${QTI_SCHEMAS_SKIP || ''}`,
    async () => {
      const files = Object.fromEntries(
        ['imsmanifest.xml', ...readdirSync(join(FOLDER, 'items')).map((name) => `items/${name}`)].map((path) => [
          path,
          readFileSync(join(FOLDER, path), 'utf8'),
        ]),
      );
      const errors = await qtiSchemaErrors(files);
      expect(Object.entries(errors).filter(([, list]) => list.length > 0)).toEqual([]);
      expect(made.imported).toBe(questions.length);
    },
    60_000,
  );
});
