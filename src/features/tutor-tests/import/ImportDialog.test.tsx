import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LocaleContext } from '../../../i18n/locale-context.tsx';
import { ImportDialog } from './ImportDialog.tsx';

const ID = '0b0c3f6e-8a55-4d6f-9a8e-3f1f2c4b5a6d';
let answer: () => Response;
let sent: { files: { name: string; data: string }[]; language: string } | null = null;

beforeEach(() => {
  sent = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (new URL(request.url).pathname !== '/v1/tutor/tests/import') return Response.json({}, { status: 404 });
      sent = await request.json();
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function openDialog(onImported = vi.fn()) {
  const location = memoryLocation({ path: '/en/tutor' });
  render(
    <I18nProvider i18n={i18n}>
      <LocaleContext value="en">
        <Router hook={location.hook}>
          <ImportDialog open onClose={vi.fn()} onImported={onImported} />
        </Router>
      </LocaleContext>
    </I18nProvider>,
  );
  return onImported;
}

const choose = (...files: File[]) => fireEvent.change(screen.getByLabelText('Files'), { target: { files } });

describe('importing tests from files', () => {
  it('sends each file in base64 with the language picked, then shows what each file gave', async () => {
    answer = () =>
      Response.json(
        {
          data: {
            tests: [
              {
                id: ID,
                status: 'draft',
                title: 'bank',
                languages: ['uk'],
                subject: null,
                specialization: null,
                question_count: 2,
                duration_seconds: 1800,
                revision: 0,
                published_versions: 0,
                unpublished_changes: true,
                has_attempts: false,
                created_at: 1,
                updated_at: 1,
              },
            ],
            report: [
              {
                file: 'bank.gift',
                test_id: ID,
                format: 'gift',
                imported: 2,
                skipped: [{ where: 'line 9', name: 'Essay', message: 'Skipped: essay' }],
                notes: [],
              },
            ],
          },
        },
        { status: 201 },
      );
    const onImported = openDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Українська' }));
    choose(new File(['Half of 8? {=4 ~2}'], 'bank.gift', { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const report = await screen.findByRole('region', { name: 'bank.gift' });
    expect(sent).toEqual({
      files: [{ name: 'bank.gift', data: btoa('Half of 8? {=4 ~2}') }],
      language: 'uk',
    });
    expect(within(report).getByText('GIFT: questions imported: 2', { exact: false })).toBeTruthy();
    expect(within(report).getByRole('link', { name: 'Open the new test' }).getAttribute('href')).toContain(ID);
    expect(within(report).getByText(/Skipped: essay/)).toBeTruthy();
    expect(onImported).toHaveBeenCalledOnce();
  });

  it('names the file of each refusal, and imports nothing', async () => {
    answer = () =>
      Response.json(
        { message: 'Nothing was imported', errors: { 'files.0': ['This XML is broken and cannot be read'] } },
        { status: 422 },
      );
    const onImported = openDialog();
    choose(new File(['<quiz>'], 'bank.xml', { type: 'text/xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('bank.xml: This XML is broken and cannot be read')).toBeTruthy();
    expect(sent?.language).toBe('en');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('says a refusal of the files together as it is, and one of a file with its name', async () => {
    answer = () =>
      Response.json(
        {
          message: 'Nothing was imported',
          errors: {
            files: ['These files together are larger than 24 MB: import them in smaller groups'],
            'files.1.language': ['Unknown language'],
          },
        },
        { status: 422 },
      );
    openDialog();
    choose(new File(['a'], 'one.gift', { type: 'text/plain' }), new File(['b'], 'two.gift', { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('These files together are larger than 24 MB: import them in smaller groups'),
    ).toBeTruthy();
    expect(within(alert).getByText('two.gift: language: Unknown language')).toBeTruthy();
  });
});
