import { FlagFrame, type FlagProps } from './FlagFrame.tsx';

/** Ukraine: blue over yellow. */
export function UkFlag(props: FlagProps) {
  return (
    <FlagFrame {...props}>
      <rect width="30" height="20" rx="3" fill="#0057b7" />
      <path d="M0 10h30v7a3 3 0 0 1-3 3H3a3 3 0 0 1-3-3z" fill="#ffd700" />
    </FlagFrame>
  );
}
