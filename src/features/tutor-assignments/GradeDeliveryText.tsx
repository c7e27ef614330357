import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { GradeDelivery } from '../../../contract/assignments.ts';

/** Why a score waits or was refused, from the server's code (contract: GradeDelivery). */
function reasonText(i18n: I18n, reason: string): string {
  const [code = '', status = ''] = reason.split(':');
  if (code === 'answered') return i18n._(msg`the platform answered ${status}`);
  if (code === 'refused') return i18n._(msg`the platform refused the score (${status})`);
  if (code === 'token')
    return status === '0'
      ? i18n._(msg`the platform could not be reached`)
      : i18n._(msg`the platform gave no service token (${status})`);
  const fixed: Record<string, ReturnType<typeof msg>> = {
    unreachable: msg`the platform could not be reached`,
    tokenRefused: msg`the platform refused Zalik’s service token`,
    noLineItem: msg`the platform has not yet said where the grade goes: a learner’s next launch will`,
    registrationOff: msg`the platform’s registration is turned off`,
    unregistered: msg`the platform is no longer registered`,
  };
  const said = fixed[code];
  return said ? i18n._(said) : reason;
}

/** An attempt's score at the learning platform's gradebook, in the tutor's results. */
export function GradeDeliveryText({ grade }: { grade: GradeDelivery | undefined }) {
  const { t, i18n } = useLingui();
  if (!grade) return <>—</>;
  if (grade.state === 'sent') return <span data-testid="grade-delivery">{t`Sent`}</span>;
  const reason = grade.reason ? reasonText(i18n, grade.reason) : '';
  return (
    <span data-testid="grade-delivery" className={grade.state === 'failed' ? 'field__error' : undefined}>
      {grade.state === 'failed'
        ? t`Not sent: ${reason}`
        : reason
          ? t`Waiting to be sent: ${reason}`
          : t`Waiting to be sent`}
    </span>
  );
}
