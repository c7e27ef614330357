import { useLingui } from '@lingui/react/macro';
import type { TestStatus } from '../../../contract/tutor-tests.ts';

/** A test's status as a label: draft, published or archived. */
export function StatusLabel({ status }: { status: TestStatus }) {
  const { t } = useLingui();
  const text = status === 'draft' ? t`Draft` : status === 'published' ? t`Published` : t`Archived`;
  return <span className={`status-label status-label--${status}`}>{text}</span>;
}
