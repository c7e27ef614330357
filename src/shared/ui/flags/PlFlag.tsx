import { FlagFrame, type FlagProps } from './FlagFrame.tsx';

/** Poland: white over red. */
export function PlFlag(props: FlagProps) {
  return (
    <FlagFrame {...props}>
      <rect width="30" height="20" rx="3" fill="#ffffff" />
      <path d="M0 10h30v7a3 3 0 0 1-3 3H3a3 3 0 0 1-3-3z" fill="#dc143c" />
    </FlagFrame>
  );
}
