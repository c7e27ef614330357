import type { SocialNetwork } from '../../config/site.ts';

/** Simple line marks for the networks, drawn to sit beside their names (which carry the meaning). */
const PATHS: Record<SocialNetwork, string> = {
  facebook:
    'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.7v3h2.6V21',
  instagram:
    'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17.3 6.2v.1',
  youtube:
    'M21 8.2a2.6 2.6 0 0 0-1.8-1.8C17.6 6 12 6 12 6s-5.6 0-7.2.4A2.6 2.6 0 0 0 3 8.2 27 27 0 0 0 2.6 12 27 27 0 0 0 3 15.8a2.6 2.6 0 0 0 1.8 1.8c1.6.4 7.2.4 7.2.4s5.6 0 7.2-.4a2.6 2.6 0 0 0 1.8-1.8 27 27 0 0 0 .4-3.8 27 27 0 0 0-.4-3.8zM10.2 14.6V9.4l4.6 2.6z',
  twitter: 'M4 4l7 9.3L4.3 20h1.6l5.8-5.8L16 20h4l-7.3-9.8L19 4h-1.6l-5.4 5.4L8 4z',
  telegram:
    'M21 4.5 2.8 11.4c-1 .4-1 1 0 1.3l4.6 1.4 1.7 5.4c.2.6.4.8.8.8s.6-.2 1-.5l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3-14.3c.3-1.2-.4-1.7-1.4-1.3zM9 14l9.4-6-7.4 7.2-.3 3z',
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg className="social-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={PATHS[network]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
