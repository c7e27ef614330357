import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { auth } from '../../shared/auth/auth.ts';
import { saveFile } from '../../shared/files/save-file.ts';
import { describedBy, Field } from '../../shared/forms/Field.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { useConfirm } from '../../shared/forms/use-confirm.tsx';
import { notify } from '../../shared/notifications/notify.ts';
import { paths } from '../../shared/routing/paths.ts';
import { deleteAccount, personalData } from './account-api.ts';

/**
 * The account's data (docs/privacy.md): everything the server holds about it as a JSON file, and
 * the account's deletion, its address typed again and confirmed, since nothing brings it back.
 */
export function YourData({ email }: { email: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const download = useAction();
  const removal = useAction();
  const { confirm, dialog } = useConfirm();
  const [typed, setTyped] = useState('');
  const error = removal.fieldMessages.email?.[0];
  const hint = t`Your address is ${email}.`;

  const save = () =>
    download.run(async () => {
      const data = await personalData();
      const day = new Date(data.exported_at).toISOString().slice(0, 10);
      saveFile(`zalik-data-${day}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    });

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    const sure = await confirm({
      title: t`Delete your account for good?`,
      text: t`You are signed out everywhere and cannot sign in again with it. Your results stay with your tutors without your name, or are removed, as this server is set up.`,
      confirmLabel: t`Delete my account`,
    });
    if (!sure) return;
    const done = await removal.run(() => deleteAccount(typed), { fields: (field) => field === 'email' });
    if (!done) return;
    await auth.signOut().catch(() => undefined);
    notify(t`Your account is deleted.`, { kind: 'success' });
    navigate(paths.home('student'));
  };

  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="section-title">
        {t`Your data`}
      </h2>
      <p>{t`Download everything Zalik holds about you: your account, where you are signed in, and every test you took with your answers, marks and the signals kept of it.`}</p>
      <p>
        <button type="button" className="button button--secondary" disabled={download.busy} onClick={save}>
          {t`Download my data (JSON)`}
        </button>
      </p>
      <form className="your-data__delete" onSubmit={remove} noValidate>
        <h3 className="your-data__subtitle">{t`Delete my account`}</h3>
        <Field id="delete-email" label={t`Type your e-mail address to confirm`} hint={hint} error={error}>
          <input
            id="delete-email"
            type="email"
            autoComplete="off"
            value={typed}
            aria-describedby={describedBy('delete-email', { hint, error })}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setTyped(e.target.value);
              removal.clearField('email');
            }}
          />
        </Field>
        <button type="submit" className="button button--secondary" disabled={removal.busy || typed.trim() === ''}>
          {t`Delete my account`}
        </button>
      </form>
      {dialog}
    </section>
  );
}
