import { useLingui } from '@lingui/react/macro';
import { saveFile } from '../../../shared/files/save-file.ts';
import { useAction } from '../../../shared/forms/use-action.ts';
import { importTemplate } from '../tutor-tests-api.ts';

/** The spreadsheet to fill in, with the columns an import reads and a question of each type. */
export function TemplateLinks() {
  const { t } = useLingui();
  const { busy, run } = useAction();
  const save = (format: 'csv' | 'xlsx') =>
    run(async () => {
      const file = await importTemplate(format);
      saveFile(file.name, file.blob);
    });
  return (
    <p className="import-dialog__templates">
      {t`A spreadsheet to fill in:`}{' '}
      <button type="button" className="link-button" onClick={() => save('xlsx')} disabled={busy}>
        {t`XLSX template`}
      </button>{' '}
      <button type="button" className="link-button" onClick={() => save('csv')} disabled={busy}>
        {t`CSV template`}
      </button>
    </p>
  );
}
