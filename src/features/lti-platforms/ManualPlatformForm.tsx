import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { PlatformForm } from '../../../contract/lti.ts';
import { describedBy, Field } from '../../shared/forms/Field.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { addPlatform } from './platforms-api.ts';

type Values = Omit<PlatformForm, 'deployments'> & { deployments: string };
const EMPTY: Values = {
  name: '',
  issuer: '',
  client_id: '',
  login_url: '',
  token_url: '',
  jwks_url: '',
  deployments: '',
};

/** The registration of a platform that lacks dynamic registration: what its tool settings show. */
export function ManualPlatformForm({ added }: { added: () => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState(EMPTY);
  const { busy, run, failure, fieldErrors } = useAction();
  const fields: [keyof Values, string, string?][] = [
    ['name', t`Name (as your school knows it)`],
    ['issuer', t`Issuer (platform ID)`, t`As the platform writes it, for example https://moodle.school.example`],
    ['client_id', t`Client ID`],
    ['login_url', t`Authentication request URL`, t`Where the platform authenticates a launch (OpenID Connect)`],
    ['token_url', t`Access token URL`],
    ['jwks_url', t`Public keyset URL`],
    ['deployments', t`Deployment IDs`, t`One per line`],
  ];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const deployments = values.deployments
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const made = await run(() => addPlatform({ ...values, deployments }), {
      fields: (field) => fields.some(([name]) => field === name || field.startsWith(`${name}.`)),
      saidInForm: true,
      done: t`The platform is registered.`,
    });
    if (made) {
      setValues(EMPTY);
      added();
    }
  };
  return (
    <form className="platform-form" onSubmit={submit} aria-labelledby="manual-title">
      <h3 id="manual-title">{t`Register a platform by hand`}</h3>
      {fields.map(([name, label, hint]) => {
        const id = `platform-${name}`;
        const error =
          fieldErrors[name] ??
          Object.entries(fieldErrors).find(([field]) => field.startsWith(`${name}.`))?.[1] ??
          undefined;
        const common = {
          id,
          className: 'field__input',
          value: values[name],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy(id, { hint, error }),
        };
        const set = (value: string) => setValues((now) => ({ ...now, [name]: value }));
        return (
          <Field key={name} id={id} label={label} hint={hint} error={error}>
            {name === 'deployments' ? (
              <textarea {...common} rows={3} onChange={(event) => set(event.currentTarget.value)} />
            ) : (
              <input {...common} type="text" onChange={(event) => set(event.currentTarget.value)} />
            )}
          </Field>
        );
      })}
      {failure !== null && <ErrorState error={failure} />}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
        {t`Register the platform`}
      </button>
    </form>
  );
}
