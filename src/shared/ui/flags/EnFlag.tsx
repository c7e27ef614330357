import { useId } from 'react';
import { FlagFrame, type FlagProps } from './FlagFrame.tsx';

/**
 * English: a simplified Union Jack. The red diagonals sit off-centre in the real flag; a clip of
 * each quarter's outer half does that here. Ids are per instance, since several can be on screen.
 */
export function EnFlag(props: FlagProps) {
  const id = useId();
  const clip = `${id}-flag`;
  const half = `${id}-half`;
  return (
    <FlagFrame {...props}>
      <defs>
        <clipPath id={clip}>
          <rect width="30" height="20" rx="3" />
        </clipPath>
        <clipPath id={half}>
          <path d="M15 10h15v10zM15 10v10H0zM15 10H0V0zM15 10V0h15z" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <rect width="30" height="20" fill="#012169" />
        <path d="M0 0l30 20M30 0L0 20" stroke="#ffffff" strokeWidth="4" />
        <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="2.4" clipPath={`url(#${half})`} />
        <path d="M15 0v20M0 10h30" stroke="#ffffff" strokeWidth="6" />
        <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.6" />
      </g>
    </FlagFrame>
  );
}
