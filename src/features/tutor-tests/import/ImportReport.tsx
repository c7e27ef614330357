import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { ImportFormat, ImportRemark, ImportResult } from '../../../../contract/question-banks.ts';
import { paths } from '../../../shared/routing/paths.ts';

/** Formats by the names their systems give them (the same in every language). */
const FORMAT_NAMES: Record<ImportFormat, string> = {
  zalik: 'Zalik',
  'moodle-xml': 'Moodle XML',
  gift: 'GIFT',
  aiken: 'Aiken',
  qti: 'QTI',
  csv: 'CSV',
  xlsx: 'XLSX',
};

function Remarks({ heading, remarks }: { heading: string; remarks: ImportRemark[] }) {
  if (remarks.length === 0) return null;
  return (
    <>
      <h4 className="import-report__heading">{heading}</h4>
      <ul className="import-report__remarks">
        {remarks.map((remark) => (
          <li key={`${remark.where}|${remark.message}`}>
            <span className="import-report__where">{remark.where}</span> <q>{remark.name}</q>: {remark.message}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What each file gave: its format, the questions taken, those skipped and why, what was changed. */
export function ImportReport({ result }: { result: ImportResult }) {
  const { t } = useLingui();
  return (
    <div className="import-report" role="status">
      {result.report.map((file) => {
        const test = result.tests.find((made) => made.id === file.test_id);
        return (
          <section key={`${file.test_id}:${file.file}`} className="import-report__file" aria-label={file.file}>
            <h3>{file.file}</h3>
            <p>
              {t`${FORMAT_NAMES[file.format]}: questions imported: ${file.imported}`}
              {test && (
                <>
                  {' '}
                  <Link href={paths.tutorTest(test.id)}>{t`Open the new test`}</Link>
                </>
              )}
            </p>
            <Remarks heading={t`Skipped`} remarks={file.skipped} />
            <Remarks heading={t`Imported with changes`} remarks={file.notes} />
          </section>
        );
      })}
    </div>
  );
}
