import type { I18n } from '@lingui/core';
import { paths, type Role } from '../../shared/routing/paths.ts';
import type { Crumb } from '../../shared/ui/Breadcrumbs.tsx';
import { roleHomeLabel, roleTestsTitle } from './role-labels.ts';

/**
 * The trail from a role's landing page down the catalog: role › all tests › subject › topic ›
 * lesson. Every level given becomes a link, except the last one (the page itself).
 */
export function catalogCrumbs(
  i18n: I18n,
  role: Role,
  levels: { subject?: { slug: string; title: string }; spec?: { slug: string; title: string }; lesson?: string } = {},
): Crumb[] {
  const crumbs: Crumb[] = [
    { label: roleHomeLabel(i18n, role), href: paths.home(role) },
    { label: roleTestsTitle(i18n, role), href: paths.tests(role) },
  ];
  if (levels.subject) crumbs.push({ label: levels.subject.title, href: paths.subject(role, levels.subject.slug) });
  if (levels.subject && levels.spec) {
    crumbs.push({
      label: levels.spec.title,
      href: paths.specialization(role, levels.subject.slug, levels.spec.slug),
    });
  }
  if (levels.lesson) crumbs.push({ label: levels.lesson });
  return crumbs;
}
