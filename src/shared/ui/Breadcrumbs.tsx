import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

export interface Crumb {
  label: string;
  /** Nested path; the last crumb (the current page) has none. */
  href?: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useLingui();
  return (
    <nav className="breadcrumbs" aria-label={t`Breadcrumbs`}>
      <ol>
        {items.map((item, index) => (
          <li key={item.href ?? 'current'}>
            {item.href && index < items.length - 1 ? (
              <Link href={item.href}>{item.label}</Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
