/**
 * Files made to stall, crash or mislead the import: each is refused at its own field with a 422 and
 * a message in the tutor's language, never a 500, never a server that stops answering, and nothing
 * of it is stored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Zippable, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const PACKAGE = join(import.meta.dirname, '../../services/question-banks/fixtures/qti-bank');
const fixture = (path: string) => readFileSync(join(PACKAGE, path));
const upload = (name: string, bytes: Uint8Array | string) => ({ name, data: Buffer.from(bytes).toString('base64') });
const importFiles = (files: unknown[]) =>
  callers.call('tutor', { method: 'POST', url: '/v1/tutor/tests/import', payload: { files }, language: 'en' });

/** The fixture package with `changes` written over it (a file set to null is left out). */
function qtiPackage(changes: Record<string, Uint8Array | string | null>, extra: Zippable = {}): Uint8Array {
  const files: Zippable = {};
  for (const path of ['imsmanifest.xml', 'test.xml', 'items/half.xml', 'items/equal.xml', 'images/apple.png']) {
    files[path] = fixture(path);
  }
  for (const [path, bytes] of Object.entries(changes)) {
    if (bytes === null) delete files[path];
    else files[path] = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  }
  return zipSync({ ...files, ...extra });
}

/** One QTI item whose prompt is `body`. */
const item = (body: string) =>
  `<?xml version="1.0"?><assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="i1" title="t" adaptive="false" timeDependent="false"><responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration><itemBody>${body}<choiceInteraction responseIdentifier="RESPONSE" maxChoices="1"><simpleChoice identifier="A">a</simpleChoice><simpleChoice identifier="B">b</simpleChoice></choiceInteraction></itemBody></assessmentItem>`;

/** Sent alone, and refused with `message` at the file; the health route answers meanwhile. */
async function refusedAlone(file: { name: string; data: string }, message: string | RegExp) {
  const before = await tableDigest(t.database.db);
  const res = await importFiles([file]);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors['files.0']).toEqual([message instanceof RegExp ? expect.stringMatching(message) : message]);
  expect(await tableDigest(t.database.db)).toEqual(before);
}

describe(`files that stalled or crashed the import, on ${dialectName}`, () => {
  it('tells a 2 MB file of `a{`, or of empty lines, from GIFT and Aiken at once (linear-time format tests)', async () => {
    const unknown = /^This file is none of the formats Zalik reads/;
    await refusedAlone(upload('braces.gift', 'a{'.repeat(1024 * 1024)), unknown);
    await refusedAlone(upload('blank.txt', `${'\n'.repeat(2 * 1024 * 1024)}x`), unknown);
  }, 60_000);

  it('reads HTML nested 20,000 deep, and refuses deeper HTML and MathML with a 422, never a 500', async () => {
    const unreadable = 'This file could not be read: it is malformed, or nested too deeply';
    const spans = (depth: number) => `<p>${'<span>'.repeat(depth)}x${'</span>'.repeat(depth)}</p>`;
    const mrows = (depth: number) =>
      `<p><math xmlns="http://www.w3.org/1998/Math/MathML">${'<mrow>'.repeat(depth)}<mi>x</mi>${'</mrow>'.repeat(depth)}</math></p>`;
    const read = await importFiles([upload('deep.xml', item(spans(20_000)))]);
    expect(read.statusCode, read.body.slice(0, 300)).toBe(201);
    // MathML is read into TeX by a walk that goes deeper per level: past the thread's stack, refused.
    await refusedAlone(upload('deep-math.xml', item(mrows(20_000))), unreadable);
    await refusedAlone(upload('deeper-html.xml', item(spans(200_000))), unreadable);
    await refusedAlone(upload('deeper-math.xml', item(mrows(200_000))), unreadable);
    // The reader's thread carries on: the next file reads as ever.
    const res = await importFiles([upload('ok.xml', item('<p>Fine</p>'))]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('reads a package path with a malformed % escape as written', async () => {
    const test = fixture('test.xml').toString().replace('href="items/equal.xml"', 'href="items/100%.xml"');
    const zip = qtiPackage({ 'test.xml': test, 'items/equal.xml': null, 'items/100%.xml': fixture('items/equal.xml') });
    const res = await importFiles([upload('percent.zip', zip)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.report[0].imported).toBe(2);
  });

  it('refuses a zip with a ../, an absolute or a symbolic link entry, naming it', async () => {
    const unsafe = (name: string) =>
      `This zip holds an entry that points outside it (${name}): a link, an absolute path or ../, which Zalik does not unpack`;
    const link = new TextEncoder().encode('/etc/passwd');
    const evil = new TextEncoder().encode(item('x'));
    for (const [extra, name] of [
      [{ '../evil.xml': evil }, '../evil.xml'],
      [{ 'items/../../evil.xml': evil }, 'items/../../evil.xml'],
      [{ '/etc/evil.xml': evil }, '/etc/evil.xml'],
      [{ 'images/link.png': [link, { os: 3, attrs: 0o120777 << 16 }] }, 'images/link.png'],
    ] as [Zippable, string][]) {
      await refusedAlone(upload('unsafe.zip', qtiPackage({}, extra)), unsafe(name));
    }
  });

  it('refuses a package whose item declares a DOCTYPE with the DOCTYPE message', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE q [<!ENTITY x SYSTEM "file:///etc/passwd">]>${item('&x;').replace('<?xml version="1.0"?>', '')}`;
    await refusedAlone(
      upload('xxe.zip', qtiPackage({ 'items/half.xml': xxe })),
      'This XML declares a document type (DOCTYPE or ENTITY), which Zalik does not read for safety',
    );
  });

  it('refuses a draft the draft contract would refuse (a selection of 1e20) at its field', async () => {
    const test = fixture('test.xml').toString().replace('visible="true">', 'visible="true"><selection select="1e20"/>');
    const before = await tableDigest(t.database.db);
    const res = await importFiles([upload('select.zip', qtiPackage({ 'test.xml': test }))]);
    expect(res.statusCode, res.body).toBe(422);
    const fields = Object.keys(res.json().errors);
    expect(fields).toEqual([expect.stringMatching(/^files\.0\.draft\.blocks\.0\.draw/)]);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('counts a workbook by what its shared strings expand to', async () => {
    const text = (value: string) => new TextEncoder().encode(value);
    const long = 'x'.repeat(1024 * 1024);
    const cells = Array.from({ length: 70 }, (_, r) => `<row r="${r + 2}"><c r="A${r + 2}" t="s"><v>1</v></c></row>`);
    const workbook = zipSync({
      'xl/workbook.xml': text('<workbook><sheets><sheet name="Q"/></sheets></workbook>'),
      'xl/sharedStrings.xml': text(`<sst><si><t>question</t></si><si><t>${long}</t></si></sst>`),
      'xl/worksheets/sheet1.xml': text(
        `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>${cells.join('')}</sheetData></worksheet>`,
      ),
    });
    expect(workbook.length).toBeLessThan(64 * 1024);
    await refusedAlone(upload('expanding.xlsx', workbook), 'This zip file unpacks to more than 64 MB');
  });
});

describe(`the import's report, on ${dialectName}`, () => {
  it('is in the dialog’s language throughout, naming each question and where it stands', async () => {
    const gift = '::Note:: Halves are two equal parts.\n\n::Half:: Half of 8? {=4 ~2}';
    const res = await callers.call('tutor', {
      method: 'POST',
      url: '/v1/tutor/tests/import',
      payload: { files: [upload('halves.gift', gift)] },
      language: 'uk',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.report[0].skipped).toEqual([
      { where: 'рядок 1', name: 'Note', message: expect.stringMatching(/^Пропущено/) },
    ]);
  });
});
