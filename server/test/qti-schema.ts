/**
 * IMS's QTI 2.1 XSD (and the content package's, IMS CP 1.1), checked with libxml2 compiled to
 * WebAssembly (xmllint-wasm: no system xmllint needed), every import read from disk, never the
 * network. No package of the npm registry ships these schemas and their licence keeps them out of
 * this repository, so they are read from a folder laid out as oat-sa/qti-sdk's
 * `src/qtism/data/storage/xml/schemes` (its imports are relative: `../w3/xml.xsd`, MathML 2, XInclude,
 * APIP): `QTI_SCHEMES`, else the steering repo's shared/qti-schemes beside this checkout, else
 * /usr/local/share/xml/qti-schemes (docs/question-banks.md says how to lay it). Where none is laid the
 * tests that need it are skipped, visibly, saying where they looked (`QTI_SCHEMAS_SKIP`), so that
 * `npm test` holds on a machine with only Node and npm; named in QTI_SCHEMES and missing, they fail.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

const QTI_XSD = 'qtiv2p1/imsqti_v2p1.xsd';
const PLACES = [resolve(import.meta.dirname, '../../../shared/qti-schemes'), '/usr/local/share/xml/qti-schemes'];

export const QTI_SCHEMES =
  process.env.QTI_SCHEMES || PLACES.find((at) => existsSync(join(at, QTI_XSD))) || (PLACES[1] as string);

/** Why the schema tests are skipped here (said in their title), or false where they run. */
export const QTI_SCHEMAS_SKIP =
  !process.env.QTI_SCHEMES && !existsSync(join(QTI_SCHEMES, QTI_XSD))
    ? `skipped: IMS's QTI 2.1 XSD is in none of ${PLACES.join(', ')} (nor QTI_SCHEMES)`
    : false;
if (QTI_SCHEMAS_SKIP) console.warn(`QTI schema tests ${QTI_SCHEMAS_SKIP}`);
const CP_XSD = 'imscp_v1p1.xsd';

/** Every schema of the folder, under its path in it, for the imports to find (read once). */
let schemas: XMLFileInfo[] | null = null;
function schemaFiles(): XMLFileInfo[] {
  if (schemas) return schemas;
  if (!existsSync(join(QTI_SCHEMES, QTI_XSD)))
    throw new Error(
      `IMS's QTI 2.1 XSD is not at ${join(QTI_SCHEMES, QTI_XSD)}: lay the schemas there (or name their folder in QTI_SCHEMES), as docs/question-banks.md says`,
    );
  const files: XMLFileInfo[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.xsd'))
        files.push({ fileName: `schemes/${relative(QTI_SCHEMES, path)}`, contents: readFileSync(path, 'utf8') });
    }
  };
  walk(join(QTI_SCHEMES, 'qtiv2p1'));
  walk(join(QTI_SCHEMES, 'w3'));
  walk(join(QTI_SCHEMES, 'apipv1p0'));
  for (const name of [CP_XSD, 'imsmd_v1p2p4.xsd']) {
    const path = join(QTI_SCHEMES, name);
    if (existsSync(path)) files.push({ fileName: `schemes/${name}`, contents: readFileSync(path, 'utf8') });
  }
  schemas = files;
  return files;
}

/**
 * The schema errors of each file (none where it is valid): a package's items and test against QTI
 * 2.1, its manifest against IMS CP 1.1; one run of xmllint a schema (compiling QTI's takes seconds).
 */
export async function qtiSchemaErrors(files: Record<string, string>): Promise<Record<string, string[]>> {
  const preload = schemaFiles();
  const errors: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((name) => [name, []]));
  const names = Object.keys(files);
  for (const schema of [QTI_XSD, CP_XSD]) {
    const checked = names.filter((name) => name.endsWith('imsmanifest.xml') === (schema === CP_XSD));
    if (checked.length === 0) continue;
    const main = preload.find((f) => f.fileName === `schemes/${schema}`);
    if (!main) throw new Error(`${schema} is not in ${QTI_SCHEMES}`);
    const result = await validateXML({
      xml: checked.map((name, at) => ({ fileName: `file-${at}.xml`, contents: files[name] as string })),
      schema: [main],
      preload: preload.filter((f) => f !== main),
      // --nonet: an import that is not in the folder fails rather than being fetched.
      modifyArguments: (args) => ['--nonet', ...args],
    });
    for (const error of result.errors) {
      const at = Number(/file-(\d+)\.xml/.exec(error.rawMessage)?.[1] ?? '-1');
      const name = checked[at] ?? schema;
      errors[name] = [...(errors[name] ?? []), error.rawMessage];
    }
    if (!result.valid && result.errors.length === 0) errors[schema] = ['xmllint failed without saying why'];
  }
  return errors;
}
