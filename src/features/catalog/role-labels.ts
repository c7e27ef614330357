import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../shared/routing/paths.ts';

/** The breadcrumb that leads back to a role's landing page. */
export function roleHomeLabel(i18n: I18n, role: Role): string {
  return role === 'student' ? i18n._(msg`Students`) : i18n._(msg`Tutors`);
}

/** The title of a role's list of subjects (`/test-{role}`). */
export function roleTestsTitle(i18n: I18n, role: Role): string {
  return role === 'student' ? i18n._(msg`Tests for students`) : i18n._(msg`Tests for tutors`);
}
