import type { ReactNode } from 'react';

export interface FlagProps {
  /** A name for a flag that stands alone; without one the flag is decoration beside its language's name. */
  label?: string;
  className?: string;
}

const OUTLINE = (
  <rect x="0.5" y="0.5" width="29" height="19" rx="2.5" fill="none" stroke="currentColor" strokeOpacity="0.18" />
);

/** Every flag is drawn on the same 3:2 box with rounded corners, so a list of them lines up. */
export function FlagFrame({ label, className, children }: FlagProps & { children: ReactNode }) {
  const classes = `flag${className ? ` ${className}` : ''}`;
  if (label) {
    return (
      <svg className={classes} viewBox="0 0 30 20" width="24" height="16" focusable="false" role="img">
        <title>{label}</title>
        {children}
        {OUTLINE}
      </svg>
    );
  }
  return (
    <svg className={classes} viewBox="0 0 30 20" width="24" height="16" focusable="false" aria-hidden="true">
      {children}
      {OUTLINE}
    </svg>
  );
}
