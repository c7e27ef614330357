import { useState, useSyncExternalStore } from 'react';
import { auth } from '../../shared/auth/auth.ts';
import { authModals } from '../../shared/auth/auth-modal-store.ts';
import './auth.css';
import { ConfirmEmailModal } from './ConfirmEmailModal.tsx';
import { homeOf } from './home-of.ts';
import { LoginModal } from './LoginModal.tsx';
import { RegisterModal } from './RegisterModal.tsx';
import { useAfterAuth } from './use-after-auth.ts';

/** The login, registration and confirm-email modals: one lazy chunk, opened through `authModals`. */
export default function AuthModals() {
  const { open } = useSyncExternalStore(authModals.subscribe, authModals.getState, authModals.getState);
  const [email, setEmail] = useState('');
  const { go } = useAfterAuth();

  return (
    <>
      <LoginModal open={open === 'login'} />
      <RegisterModal
        open={open === 'register'}
        onRegistered={(address) => {
          setEmail(address);
          authModals.showConfirmEmail();
        }}
      />
      <ConfirmEmailModal
        open={open === 'confirm-email'}
        email={email}
        tutor={auth.getState().user?.role === 'tutor'}
        onClose={() => {
          authModals.close();
          const user = auth.getState().user;
          if (user) go(user, homeOf(user.role));
        }}
      />
    </>
  );
}
