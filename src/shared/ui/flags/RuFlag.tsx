import { FlagFrame, type FlagProps } from './FlagFrame.tsx';

/** Russian: white, blue and red bands. */
export function RuFlag(props: FlagProps) {
  return (
    <FlagFrame {...props}>
      <rect width="30" height="20" rx="3" fill="#ffffff" />
      <rect y="6.67" width="30" height="6.67" fill="#0039a6" />
      <path d="M0 13.33h30V17a3 3 0 0 1-3 3H3a3 3 0 0 1-3-3z" fill="#d52b1e" />
    </FlagFrame>
  );
}
