/**
 * The site's one configuration: where people reach us. Each value comes from a `VITE_*`
 * variable at build time (Vite inlines them), with a default that keeps a plain build working.
 */
function fromEnv(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

const env = import.meta.env;

export type SocialNetwork = 'facebook' | 'instagram' | 'youtube' | 'twitter' | 'telegram';

export const site = {
  contactEmail: fromEnv(env.VITE_CONTACT_EMAIL, 'hello@zalik.example'),
  /** In the order the contacts page lists them. */
  social: [
    ['facebook', fromEnv(env.VITE_FACEBOOK_URL, 'https://facebook.com/zalik.app')],
    ['instagram', fromEnv(env.VITE_INSTAGRAM_URL, 'https://instagram.com/zalik.app')],
    ['youtube', fromEnv(env.VITE_YOUTUBE_URL, 'https://youtube.com/@zalik.app')],
    ['twitter', fromEnv(env.VITE_TWITTER_URL, 'https://twitter.com/zalik_app')],
    ['telegram', fromEnv(env.VITE_TELEGRAM_URL, 'https://t.me/zalik_app')],
  ] as const satisfies readonly (readonly [SocialNetwork, string])[],
} as const;
