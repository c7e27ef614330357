/**
 * Banks as schools' files write them, read as their authors meant: GIFT's partial-credit single
 * choice and compact numbers, Moodle's partial credit, Moodle 1.9's pictures, GIF pictures, and the
 * files a question refers to, each read or named in the report, never dropped in silence.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../contract/images.ts';
import { say } from '../../i18n/messages.ts';
import { completeDraft } from '../../routes/tutor/draft-fixture.ts';
import { TINY_PNG } from '../../test/images.ts';
import type { Bank } from './bank.ts';
import { bankDraft } from './bank-draft.ts';
import { lessonFileOf } from './lesson-files.ts';
import { writeMoodleXml } from './moodle-xml-writer.ts';
import { readBankFile } from './read-bank-file.ts';

const GIF = readFileSync(join(import.meta.dirname, 'fixtures/gif/small.gif'));

function bankOf(text: string): Bank {
  const read = readBankFile(new TextEncoder().encode(text), 'en');
  if (!('bank' in read)) throw new Error(`not a bank: ${JSON.stringify(read)}`);
  return read.bank;
}
const questions = (bank: Bank) => bank.categories.flatMap((c) => c.questions);
const notes = (bank: Bank) => bank.notes.map((n) => [n.name, say(n.said, 'en')]);

describe('GIFT as Moodle reads it', () => {
  const bank = bankOf(`::Capital:: The capital of France? {=Paris ~%50%Lyon ~Berlin}

::Two right:: Which is even? {=2 =4 ~3}

::Compact:: Three, give or take two {#3:2}

::Compact with feedback:: Three, give or take two {#3:2~#Not quite}

::Partial number:: Pi to two places {#=3.14:0 =%50%3.1:0}

::Shares:: Which are prime? {~%50%2 ~%50%3 ~%-100%4}`);

  it('makes any = among ~ a single choice whose = option is right; partial credit noted, not a multiple choice', () => {
    const [capital, twoRight] = questions(bank);
    expect(capital?.answer).toEqual({
      type: 'single',
      options: [{ text: 'Paris' }, { text: 'Lyon' }, { text: 'Berlin' }],
      correct: [0],
    });
    expect(twoRight?.answer).toMatchObject({ type: 'single', correct: [0] });
    // The one right answer picked scores in full: the draft's correct option is Paris.
    const made = bankDraft(bank, 'en', 'France');
    if ('key' in made) throw new Error(say(made, 'en'));
    const first = made.draft.blocks[0]?.questions[0];
    expect(first).toMatchObject({ type: 'single', correct_option: 'a' });
    expect(notes(bank)).toContainEqual(['Capital', expect.stringMatching(/^Only the option at full credit is right/)]);
    // Without any =, shares above 0 still make several right options.
    expect(questions(bank).at(-1)?.answer).toMatchObject({ type: 'multiple', correct: [0, 1] });
  });

  it('keeps a missing word’s own spacing: a gap inside a word stays inside it', () => {
    const gaps = bankOf('Cat{=s ~z} are mammals.\n\nThe {=sun ~moon} rises.\n\n{=Kyiv ~Lviv} is the capital.');
    expect(questions(gaps).map((q) => q.text)).toEqual([
      'Cat_____ are mammals.',
      'The _____ rises.',
      '_____ is the capital.',
    ]);
  });

  it('reads the compact numerical form, with or without feedback, and names partial credit it leaves out', () => {
    const [, , compact, withFeedback, partial] = questions(bank);
    for (const q of [compact, withFeedback]) expect(q?.answer).toEqual({ type: 'number', correct: 3, tolerance: 2 });
    expect(partial?.answer).toEqual({ type: 'number', correct: 3.14, tolerance: 0 });
    expect(bank.skipped).toEqual([]);
    expect(notes(bank)).toContainEqual([
      'Partial number',
      expect.stringMatching(/^Answers with partial credit were left out/),
    ]);
  });
});

describe('Moodle XML as schools export it', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Old picture</text></name>
    <questiontext format="html"><text><![CDATA[Which shape is shown?]]></text></questiontext>
    <image>shape.png</image>
    <image_base64>
${TINY_PNG.toString('base64')}
    </image_base64>
    <single>true</single>
    <answer fraction="100"><text>Square</text></answer>
    <answer fraction="50"><text>Rectangle</text></answer>
    <answer fraction="0"><text>Circle</text></answer>
  </question>
  <question type="shortanswer">
    <name><text>Listen</text></name>
    <questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/owl.gif" alt="An owl"> Which bird do you hear? <audio controls><source src="@@PLUGINFILE@@/owl%20call.mp3"></audio>]]></text>
      <file name="owl.gif" encoding="base64">${GIF.toString('base64')}</file>
      <file name="owl call.mp3" encoding="base64">SUQz</file>
    </questiontext>
    <generalfeedback format="html"><text><![CDATA[An owl: <img src="@@PLUGINFILE@@/owl.gif">]]></text></generalfeedback>
    <answer fraction="100"><text>owl</text></answer>
    <answer fraction="50"><text>bird</text></answer>
  </question>
  <question type="numerical">
    <name><text>Metres</text></name>
    <questiontext format="html"><text>How tall, in metres?</text></questiontext>
    <answer fraction="100"><text>2</text><tolerance>0</tolerance></answer>
    <answer fraction="50"><text>2</text><tolerance>0.5</tolerance></answer>
  </question>
</quiz>`;
  const bank = bankOf(xml);

  it('reads a Moodle 1.9 picture beside the text, and a GIF as a PNG', () => {
    const [old, listen] = questions(bank);
    expect(old?.image?.name).toBe('shape.png');
    expect(Buffer.from(old?.image?.bytes ?? [])).toEqual(TINY_PNG);
    expect(listen?.image?.name).toBe('owl.gif');
    const made = bankDraft(bank, 'en', 'Birds');
    if ('key' in made) throw new Error(say(made, 'en'));
    const pictures = [...made.embedded.values()];
    expect(pictures.map((bytes) => sniffImageType(bytes))).toEqual(['image/png', 'image/png']);
    expect(made.draft.blocks[0]?.questions.map((q) => Boolean(q.image))).toEqual([true, true, false]);
  });

  it('names what it leaves out: partial credit, pictures in the feedback, files other than pictures', () => {
    expect(notes(bank)).toEqual([
      ['Old picture', expect.stringMatching(/^Only the option at full credit is right/)],
      ['Listen', expect.stringMatching(/^Answers with partial credit were left out/)],
      ['Listen', 'Pictures in its general feedback were left out: an explanation in Zalik is text'],
      ['Listen', 'Files it refers to were left out: owl call.mp3'],
      ['Metres', expect.stringMatching(/^Answers with partial credit were left out/)],
    ]);
  });
});

describe('a Moodle XML round trip', () => {
  it('keeps a block title with a slash, written with Moodle’s // escape, and reads nested paths as one title', () => {
    const draft = completeDraft();
    const block = draft.blocks[0];
    if (!block) throw new Error('the fixture changed');
    block.title = { en: 'Fractions/Halves', uk: 'Дроби/Половини' };
    const written = writeMoodleXml(lessonFileOf(draft, 'fractions'), 'en', new Map());
    const xml = written.bytes.toString('utf8');
    expect(xml).toContain('<category><text>$course$/top/Fractions//Halves</text></category>');
    expect(bankOf(xml).categories.map((c) => c.name)).toEqual(['Fractions/Halves']);
    const nested = xml.replace('$course$/top/Fractions//Halves', '$course$/top/Fractions/Halves');
    expect(bankOf(nested).categories.map((c) => c.name)).toEqual(['Fractions/Halves']);
  });
});
