import { useLingui } from '@lingui/react/macro';
import { type ReactElement, useRef, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface ConfirmQuestion {
  title: string;
  text?: string;
  /** The confirming button's label: what will happen ("Delete the draft"). */
  confirmLabel: string;
}

/**
 * `await confirm({...})` where a page asks before it acts: true once confirmed, false when
 * cancelled (Escape, the backdrop, "Cancel"). The page renders `dialog` once.
 */
export function useConfirm(): { confirm: (question: ConfirmQuestion) => Promise<boolean>; dialog: ReactElement } {
  const { t } = useLingui();
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const [open, setOpen] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  const settle = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setOpen(false);
  };
  const confirm = (next: ConfirmQuestion) =>
    new Promise<boolean>((resolve) => {
      answer.current?.(false);
      answer.current = resolve;
      setQuestion(next);
      setOpen(true);
    });
  const dialog = (
    <ConfirmDialog
      open={open}
      title={question?.title ?? ''}
      confirmLabel={question?.confirmLabel ?? ''}
      cancelLabel={t`Cancel`}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    >
      {question?.text}
    </ConfirmDialog>
  );
  return { confirm, dialog };
}
