import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../shared/ui/Modal.tsx';

/** After registration: the address needs confirming; closing goes to the user's home (a tutor's workspace). */
export function ConfirmEmailModal({
  open,
  email,
  tutor,
  onClose,
}: {
  open: boolean;
  email: string;
  tutor: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal open={open} onClose={onClose} size="confirm" title={t`Confirm your e-mail`}>
      <p>
        <Trans>
          We have sent a confirmation link to <strong>{email}</strong>. Open it to confirm your address.
        </Trans>
      </p>
      <p className="muted">{t`Your account is ready to use in the meantime.`}</p>
      <div className="auth-form__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {tutor ? t`Go to my tests` : t`Go to my account`}
        </button>
      </div>
    </Modal>
  );
}
