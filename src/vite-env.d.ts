/// <reference types="vite/client" />

// The build-time settings `src/config/site.ts` reads; all optional, each with a default there.
interface ImportMetaEnv {
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_YOUTUBE_URL?: string;
  readonly VITE_TWITTER_URL?: string;
  readonly VITE_TELEGRAM_URL?: string;
}
