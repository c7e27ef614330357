import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The card's title link; CSS stretches its hit area over the whole card. */
export function CardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="card__link">
      {children}
    </Link>
  );
}
