import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualPlatformForm } from './ManualPlatformForm.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('registering a platform by hand', () => {
  it('sends the deployments one per line, and says each refusal at its field', async () => {
    let sent: unknown = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent = await request.json();
        return Response.json(
          {
            message: 'Check the data',
            errors: { jwks_url: ['Must be an https:// address'], 'deployments.1': ['Too long'] },
          },
          { status: 422 },
        );
      }),
    );
    render(
      <I18nProvider i18n={i18n}>
        <ManualPlatformForm added={() => {}} />
      </I18nProvider>,
    );
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
    type('Name', 'District Moodle');
    type('Public keyset URL', 'http://moodle.example/certs');
    type('Deployment IDs', ' 1 \n\n2\n');
    fireEvent.click(screen.getByRole('button', { name: 'Register the platform' }));
    expect(await screen.findByText('Must be an https:// address')).toBeTruthy();
    expect(screen.getByText('Too long')).toBeTruthy();
    expect(screen.getByLabelText('Public keyset URL').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toMatchObject({
      name: 'District Moodle',
      jwks_url: 'http://moodle.example/certs',
      deployments: ['1', '2'],
    });
  });
});
