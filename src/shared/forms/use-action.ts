import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../notifications/notify.ts';
import { errorText } from '../ui/error-text.ts';
import { rescueFocus } from '../ui/focus-rescue.ts';
import { firstMessages, serverFieldMessages, withoutField } from './server-errors.ts';

export interface ActionOptions {
  /** Said as a success notice once the action is done. */
  done?: string;
  /** Runs afterwards whatever happened (a list read again, say). */
  after?: () => unknown;
  /**
   * The request's fields the form shows a refusal's messages at (by their path: `rules.attempts`):
   * those are kept in `fieldMessages` for the form, and not said again unless something else failed.
   */
  fields?: (field: string) => boolean;
  /** The form says a failure itself (`failure`, near its button) rather than in a notice. */
  saidInForm?: boolean;
  /** The notice's words around the failure's reason (by default the reason alone). */
  failed?: (reason: string) => string;
  /**
   * Where the keyboard goes when the control that started the action cannot take it back (it is gone,
   * or disabled now): the action's result, or the next sensible control. Without it, nowhere.
   */
  focusAfter?: () => HTMLElement | null | undefined;
}

interface Settled {
  origin: Element | null;
  focusAfter: ActionOptions['focusAfter'];
}

/**
 * One way to run what a button or a form asks for: busy while it runs (for the button's
 * `disabled`), a failure said in the interface's language (a notice, or kept for the form to say),
 * a refusal's messages kept per field for the form to show at each, a success notice when there is
 * one to give. The action's result, or undefined when it failed. The keyboard's focus, which a
 * disabled or removed button drops to <body>, goes back to that button once the page shows the
 * outcome (or to `focusAfter`).
 */
export function useAction() {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [fieldMessages, setFieldMessages] = useState<Record<string, readonly string[]>>({});
  const settled = useRef<Settled | null>(null);
  const [settledCount, setSettledCount] = useState(0);
  // After the render that shows the outcome (the button enabled again, a row gone), and a frame on,
  // when what the caller did with the result has been drawn too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per settled action.
  useEffect(() => {
    const last = settled.current;
    if (!last) return;
    const frame = requestAnimationFrame(() => {
      settled.current = null;
      rescueFocus(last.origin, last.focusAfter);
    });
    return () => cancelAnimationFrame(frame);
  }, [settledCount]);
  const run = async <T>(action: () => Promise<T>, options: ActionOptions = {}): Promise<T | undefined> => {
    const { done, after, fields, saidInForm, failed = (reason) => reason } = options;
    const origin = document.activeElement;
    setBusy(true);
    setFailure(null);
    setFieldMessages({});
    try {
      const result = await action();
      if (done) notify(done, { kind: 'success' });
      return result;
    } catch (error) {
      const byField = fields ? serverFieldMessages(error) : {};
      const shown = Object.keys(byField).filter((field) => fields?.(field));
      setFieldMessages(Object.fromEntries(shown.map((field) => [field, byField[field] ?? []])));
      const allShown = shown.length > 0 && shown.length === Object.keys(byField).length;
      if (!allShown) {
        if (saidInForm) setFailure(error);
        else notify(failed(errorText(i18n, error)), { kind: 'error' });
      }
      return undefined;
    } finally {
      setBusy(false);
      await after?.();
      settled.current = { origin, focusAfter: options.focusAfter };
      setSettledCount((count) => count + 1);
    }
  };
  /** A field's messages go once the field changes. */
  const clearField = (field: string) => setFieldMessages((now) => withoutField(now, field));
  /** Back to before the first run (a dialog closed, say). */
  const clear = () => {
    setFailure(null);
    setFieldMessages({});
  };
  return { busy, run, failure, fieldMessages, fieldErrors: firstMessages(fieldMessages), clearField, clear };
}
