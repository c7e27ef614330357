import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { paths } from '../../shared/routing/paths.ts';

/** A tutor's assignment code typed from the board opens the assignment (`/{lang}/a/{code}`). */
export default function CodeField() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  return (
    <form
      className="code-field"
      onSubmit={(event) => {
        event.preventDefault();
        const code = String(new FormData(event.currentTarget).get('code')).trim().toUpperCase();
        navigate(paths.assignment(code));
      }}
    >
      <label htmlFor="assignment-code">{t`A code from your tutor`}</label>
      <input
        id="assignment-code"
        name="code"
        className="field__input code-field__input"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        pattern="\s*[0-9A-Za-z]{8}\s*"
        required
      />
      <button type="submit" className="button button--secondary">
        {t`Open`}
      </button>
    </form>
  );
}
