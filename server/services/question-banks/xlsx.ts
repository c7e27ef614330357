/**
 * The first sheet of an XLSX workbook (a zip of XML, unpacked by safe-zip.ts) as rows of cell texts:
 * shared strings, inline strings, formulas' cached values and numbers (written as JavaScript writes
 * them: a decimal point, whatever the sheet's language). And a workbook of one sheet written out,
 * its cells inline strings, for the import template.
 */

import type { Element } from '@xmldom/xmldom';
import { zipSync } from 'fflate';
import { type Phrase, phrase } from '../../i18n/messages.ts';
import { xmlEscape } from './bank-writing.ts';
import { children, descendants, parseXml } from './safe-xml.ts';
import { joinPath, UNPACKED_LIMIT } from './safe-zip.ts';

const utf8 = new TextDecoder();

function xmlOf(files: Map<string, Uint8Array>, path: string) {
  const bytes = files.get(path);
  if (!bytes) return null;
  const document = parseXml(utf8.decode(bytes));
  return 'documentElement' in document ? document : null;
}

/** A cell reference's column as a 0-based index (`C7` → 2). */
function columnOf(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  return [...letters].reduce((sum, c) => sum * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

const textOf = (node: Element) =>
  descendants(node, 't')
    .map((t) => t.textContent ?? '')
    .join('');

export function xlsxRows(files: Map<string, Uint8Array>): string[][] | Phrase {
  const workbook = xmlOf(files, 'xl/workbook.xml');
  const sheet = workbook ? descendants(workbook, 'sheet')[0] : undefined;
  const relations = xmlOf(files, 'xl/_rels/workbook.xml.rels');
  const id = sheet?.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id');
  const target = relations
    ? descendants(relations, 'Relationship').find((r) => r.getAttribute('Id') === id)
    : undefined;
  const path = target ? joinPath('xl/workbook.xml', target.getAttribute('Target') ?? '') : 'xl/worksheets/sheet1.xml';
  const data = xmlOf(files, path.startsWith('/') ? path.slice(1) : path);
  if (!data) return phrase('bankSheetUnreadable');
  const shared = xmlOf(files, 'xl/sharedStrings.xml');
  const strings = shared ? descendants(shared, 'si').map(textOf) : [];
  // A shared string is written once and may stand in every cell: the sheet is counted as its cells
  // hold it, so a small workbook whose one long string fills a million cells is refused as a zip
  // bomb is, not expanded.
  let expanded = 0;
  const rows: string[][] = [];
  for (const row of descendants(data, 'row')) {
    const cells: string[] = [];
    for (const cell of children(row, 'c')) {
      const type = cell.getAttribute('t');
      const value = children(cell, 'v')[0]?.textContent ?? '';
      const text =
        type === 's'
          ? (strings[Number(value)] ?? '')
          : type === 'inlineStr'
            ? textOf(cell)
            : type === 'b'
              ? value === '1'
                ? 'TRUE'
                : 'FALSE'
              : value;
      expanded += text.length;
      if (expanded > UNPACKED_LIMIT) return phrase('bankZipTooLarge', { limit: `${UNPACKED_LIMIT / 1024 / 1024} MB` });
      cells[columnOf(cell.getAttribute('r') ?? '')] = text;
    }
    rows.push(Array.from(cells, (c) => c ?? ''));
  }
  return rows;
}

/** A workbook of one sheet holding `rows`, each cell an inline string. */
export function writeXlsx(rows: string[][]): Buffer {
  const letter = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows.map(
    (row, r) =>
      `<row r="${r + 1}">${row.map((cell, c) => `<c r="${letter(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(cell)}</t></is></c>`).join('')}</row>`,
  );
  const text = (value: string) =>
    new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${value}`);
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': text(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
      '_rels/.rels': text(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      'xl/workbook.xml': text(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="Questions" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': text(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      'xl/worksheets/sheet1.xml': text(
        `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
      ),
    }),
  );
}
