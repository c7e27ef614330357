/**
 * A test as an IMS QTI 2.1 content package (a zip), in one of its languages: `imsmanifest.xml`, a test
 * (`test.xml`) with a section per block, one `assessmentItem` per question under `items/`, and the
 * pictures under `images/`. Single and multiple choice are a `choiceInteraction` (`maxChoices` 1 or 0)
 * scored by the standard `match_correct` template; a text answer a `textEntryInteraction` of `string`
 * whose mapping gives each accepted answer full marks (`map_response`); a number one of `float` whose
 * response processing takes any answer within the tolerance (`equal`, absolute). `MAXSCORE` holds the
 * points, the explanation is a `modalFeedback`. Formulas are MathML (rendered by temml, the app's own
 * renderer, on the formulas' threads: the writer names them, the caller renders them) with the TeX
 * kept as its annotation, so that Zalik reads them back exactly; one not rendered in time is its
 * annotation alone.
 */
import { zipSync } from 'fflate';
import type { Block, ImageRef, LessonFile, Question } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';
import { splitTex } from '../../../contract/tex.ts';
import { type Formula, formulaKey } from '../formulas/formula-checker.ts';
import { type BankPicture, EXTENSIONS, fileNameOf, inLanguage, type WrittenBank, xmlEscape } from './bank-writing.ts';
import { bankMappingsOf } from './types/registry.ts';

const NS =
  'xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqti_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd"';
const TEMPLATES = 'http://www.imsglobal.org/question/qti_v2p1/rptemplates';

/** MathML as a formula's rendering, by `formulaKey`; null where it was not rendered in time. */
export type RenderedFormulas = ReadonlyMap<string, string | null>;

/** A formula that could not be rendered: its TeX as the annotation, which Zalik reads back. */
const annotationOnly = (f: Formula) =>
  `<math xmlns="http://www.w3.org/1998/Math/MathML"${f.display ? ' display="block"' : ''}><semantics><mrow/><annotation encoding="application/x-tex">${xmlEscape(f.tex)}</annotation></semantics></math>`;

/**
 * Where a formula of the package goes until it is rendered: its place in the list between NULs,
 * which no text of a test holds (contract/text.ts refuses control characters) and no XML may.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL marks a formula's place, as said above.
const FORMULA_PLACE = /\u0000(\d+)\u0000/g;

/**
 * `render` gives each formula's MathML (the caller renders them off the event loop, all at once);
 * the items are written with a place for each formula first, then the formulas put in their places.
 */
export async function writeQtiPackage(
  lesson: LessonFile,
  language: Locale,
  pictures: Map<string, BankPicture>,
  render: (formulas: readonly Formula[]) => Promise<RenderedFormulas>,
): Promise<WrittenBank> {
  const primary = (lesson.languages?.[0] ?? 'uk') as Locale;
  const say = (text: Parameters<typeof inLanguage>[0]) => inLanguage(text, language, primary);
  const formulas: Formula[] = [];
  /** A text as XHTML inline content: lines apart by `<br/>`, each formula a place for its MathML. */
  const xhtml = (text: string) =>
    splitTex(text)
      .map((part) =>
        part.kind === 'text'
          ? xmlEscape(part.text).replace(/\n/g, '<br/>')
          : `\u0000${formulas.push({ tex: part.tex, display: part.display }) - 1}\u0000`,
      )
      .join('');
  const files: Record<string, Uint8Array> = {};
  const imagePath = (image: ImageRef) => {
    const found = pictures.get(image.id);
    if (!found) return null;
    const path = `images/${image.id}.${EXTENSIONS[found.type] ?? 'png'}`;
    files[path] = found.bytes;
    return path;
  };
  const img = (image: ImageRef | undefined) => {
    const path = image ? imagePath(image) : null;
    return image && path ? `<img src="../${path}" alt="${xmlEscape(say(image.alt))}"/>` : '';
  };

  const item = (q: Question, id: string): string => {
    const points = `<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"><defaultValue><value>0</value></defaultValue></outcomeDeclaration>
  <outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>${q.points}</value></defaultValue></outcomeDeclaration>`;
    const prompt = `<div>${xhtml(say(q.text))}</div>${q.image ? `<p>${img(q.image)}</p>` : ''}`;
    const feedback = q.explanation
      ? `\n  <modalFeedback outcomeIdentifier="FEEDBACK" identifier="general" showHide="show">${xhtml(say(q.explanation))}</modalFeedback>`
      : '';
    const { declaration, body, processing } = bankMappingsOf(q).qti(q, {
      language,
      primary,
      say,
      prompt,
      templates: TEMPLATES,
      xhtml,
      img,
    });
    const title = xmlEscape(say(q.text).replace(/\s+/g, ' ').slice(0, 60));
    return `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem ${NS} identifier="${id}" title="${title}" xml:lang="${language}" adaptive="false" timeDependent="false">
  ${declaration}
  ${points}
  <itemBody>${body}</itemBody>
  ${processing}${feedback}
</assessmentItem>
`;
  };

  // A pool is QTI's selection; its "by points" has no QTI word and is kept by the lesson file only.
  const selection = (block: Block) => (block.draw ? `<selection select="${block.draw.count}"/>` : '');
  const sections: string[] = [];
  const resources: string[] = [];
  const items = new Map<string, string>();
  lesson.blocks.forEach((block, bi) => {
    const refs = block.questions.map((q) => {
      const id = `item-${block.id}-${q.id}`;
      const path = `items/${id}.xml`;
      const xml = item(q, id);
      items.set(path, xml);
      const images = Object.keys(files).filter((f) => f.startsWith('images/') && xml.includes(f));
      resources.push(
        `<resource identifier="${id}" type="imsqti_item_xmlv2p1" href="${path}"><file href="${path}"/>${images.map((f) => `<file href="${f}"/>`).join('')}</resource>`,
      );
      return `<assessmentItemRef identifier="${id}" href="${path}"/>`;
    });
    sections.push(
      `<assessmentSection identifier="section-${bi + 1}" title="${xmlEscape(say(block.title))}" visible="true">${selection(block)}${refs.join('')}</assessmentSection>`,
    );
  });
  const rendered = await render(formulas);
  for (const [path, xml] of items) {
    files[path] = Buffer.from(
      xml.replace(FORMULA_PLACE, (_place, at: string) => {
        const formula = formulas[Number(at)] as Formula;
        return rendered.get(formulaKey(formula)) ?? annotationOnly(formula);
      }),
    );
  }
  const title = say(lesson.title);
  files['test.xml'] = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<assessmentTest ${NS} identifier="test" title="${xmlEscape(title)}">
  <testPart identifier="part" navigationMode="nonlinear" submissionMode="simultaneous">${sections.join('')}</testPart>
</assessmentTest>
`);
  files['imsmanifest.xml'] = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="manifest">
  <metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion></metadata>
  <organizations/>
  <resources>
    <resource identifier="test" type="imsqti_test_xmlv2p1" href="test.xml"><file href="test.xml"/></resource>
    ${resources.join('\n    ')}
  </resources>
</manifest>
`);
  return {
    name: `${fileNameOf(title)}-${language}-qti.zip`,
    type: 'application/zip',
    bytes: Buffer.from(zipSync(files)),
  };
}
