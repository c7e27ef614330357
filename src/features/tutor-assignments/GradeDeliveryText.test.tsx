import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GradeDelivery } from '../../../contract/assignments.ts';
import { GradeDeliveryText } from './GradeDeliveryText.tsx';

const shown = (grade: GradeDelivery | undefined) => {
  const { container, unmount } = render(
    <I18nProvider i18n={i18n}>
      <GradeDeliveryText grade={grade} />
    </I18nProvider>,
  );
  const text = container.textContent;
  unmount();
  return text;
};

describe('where a score stands at the gradebook', () => {
  it('says sent, waiting and why, or refused and why, in words, never the code', () => {
    expect(shown(undefined)).toBe('—');
    expect(shown({ state: 'sent', reason: null, at: 1 })).toBe('Sent');
    expect(shown({ state: 'waiting', reason: null, at: 1 })).toBe('Waiting to be sent');
    expect(shown({ state: 'waiting', reason: 'answered:503', at: 1 })).toBe(
      'Waiting to be sent: the platform answered 503',
    );
    expect(shown({ state: 'waiting', reason: 'token:0', at: 1 })).toBe(
      'Waiting to be sent: the platform could not be reached',
    );
    expect(shown({ state: 'waiting', reason: 'noLineItem', at: 1 })).toContain('has not yet said where the grade goes');
    expect(shown({ state: 'failed', reason: 'refused:400', at: 1 })).toBe(
      'Not sent: the platform refused the score (400)',
    );
    render(
      <I18nProvider i18n={i18n}>
        <GradeDeliveryText grade={{ state: 'failed', reason: 'unregistered', at: 1 }} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('grade-delivery').className).toBe('field__error');
  });
});
