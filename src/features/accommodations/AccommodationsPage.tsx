import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { AccommodationReceipt, StandingAccommodation } from '../../../contract/accommodations.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { useConfirm } from '../../shared/forms/use-confirm.tsx';
import { notify } from '../../shared/notifications/notify.ts';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { focusOn } from '../../shared/ui/focus-rescue.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { AccommodationBadge } from './AccommodationBadge.tsx';
import { AccommodationForm } from './AccommodationForm.tsx';
import { type Draft, draftOf, EMPTY_DRAFT } from './accommodation-draft.ts';
import { removeAccommodation, useAccommodations } from './accommodations-api.ts';
import './accommodations.css';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';

const keptRowId = (id: string) => `kept-${id}`;

/**
 * `/{lang}/tutor/assignments/accommodations`: the tutor's standing accommodations, one per student,
 * which every assignment of theirs applies by itself.
 */
export default function AccommodationsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const list = useAccommodations();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const keptTitle = useRef<HTMLHeadingElement>(null);
  const { confirm, dialog } = useConfirm();
  const { run } = useAction();
  usePageMeta({ title: t`Accommodations` });

  const students = list.data?.students ?? [];
  const shown = draft ?? { ...EMPTY_DRAFT, userId: students[0]?.user_id ?? '' };
  const reset = () => {
    setDraft(null);
    setChanging(null);
  };
  const saved = async (receipt: AccommodationReceipt) => {
    const attempts = formatNumber(locale, receipt.attempts_changed);
    notify(t`Kept. Running attempts it changed: ${attempts}`, { kind: 'success' });
    reset();
    await list.mutate();
    // The form starts afresh (a change's form goes, its button with it): the keyboard goes to the
    // result, the row just kept, whether it was a new one or a change.
    requestAnimationFrame(() => focusOn(document.getElementById(keptRowId(receipt.saved.id))?.querySelector('button')));
  };
  const change = (kept: StandingAccommodation) => {
    setDraft(draftOf(kept));
    setChanging(kept.id);
    // The form is above the list: the keyboard goes where the change is made.
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('input:not([readonly]), select:not(:disabled)')?.focus(),
    );
  };
  const remove = async (kept: StandingAccommodation, who: string) => {
    const sure = await confirm({
      title: t`Remove ${who}’s accommodation?`,
      text: t`Their running attempts go back to the standard time at once.`,
      confirmLabel: t`Remove it`,
    });
    if (!sure) return;
    // Its row (and the button pressed) goes: the keyboard stays with the list, at its heading.
    await run(() => removeAccommodation(kept.id), {
      done: t`Removed`,
      after: () => list.mutate(),
      focusAfter: () => keptTitle.current,
    });
    if (changing === kept.id) reset();
  };

  return (
    <section className="page accommodations" aria-labelledby="page-title">
      <header className="page__header">
        <p>
          <Link href={assignmentPaths.list()}>{t`Assignments`}</Link>
        </p>
        <h1 id="page-title">{t`Accommodations`}</h1>
        <p>
          {t`An accommodation follows the student: each of your assignments applies it by itself, the lobby’s start included, unless you turn accommodations off for that assignment. A change reaches a running attempt at once. Takers who are not signed in cannot have one.`}
        </p>
      </header>
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => list.mutate()} />
      ) : !list.data ? (
        <LoadingState />
      ) : (
        <>
          <AccommodationForm
            ref={form}
            key={changing ?? 'new'}
            draft={shown}
            onDraft={setDraft}
            students={students}
            changing={changing !== null}
            onSaved={saved}
            onCancel={reset}
          />
          <h2 ref={keptTitle} tabIndex={-1}>
            {t`Kept`}
          </h2>
          {list.data.accommodations.length === 0 ? (
            <p>{t`None yet.`}</p>
          ) : (
            <TableScroll label={t`Kept`}>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t`Student`}</th>
                    <th scope="col">{t`Accommodation`}</th>
                    <th scope="col">{t`Changed`}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t`Actions`}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.accommodations.map((kept) => {
                    const who = kept.name ?? kept.email ?? '';
                    return (
                      <tr key={kept.id} id={keptRowId(kept.id)} data-testid="kept-accommodation">
                        <th scope="row">{who}</th>
                        <td>
                          <AccommodationBadge accommodation={kept.accommodation} />
                        </td>
                        <td>{formatDateTime(locale, kept.updated_at)}</td>
                        <td className="accommodations__actions">
                          <button type="button" className="button button--secondary" onClick={() => change(kept)}>
                            {t`Change`}
                            <span className="visually-hidden"> {who}</span>
                          </button>
                          <button type="button" className="button button--secondary" onClick={() => remove(kept, who)}>
                            {t`Remove`}
                            <span className="visually-hidden"> {who}</span>
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
      {dialog}
    </section>
  );
}
