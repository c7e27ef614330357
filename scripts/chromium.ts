/**
 * How every browser run of this project (Playwright's e2e tests, the benchmarks, Lighthouse) starts
 * Debian's Chromium: headless as root, and quiet, so that nothing but the page competes for the
 * machine's two cores.
 *
 * `WebUIOmniboxAimPopup` is off because Chromium 156 otherwise loads its AI-mode omnibox popup
 * (chrome://omnibox-popup.top-chrome, over a thousand chrome://resources modules) in a renderer of
 * its own while the first page loads, even headless. A trace of `bench:offline-return` put 1.5 to
 * 3.6 s of that renderer's main-thread time beside the page's 1.1 s: on two cores it slowed every
 * page the benchmarks and Lighthouse measured. A phone has no such popup in its way.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-features=WebUIOmniboxAimPopup',
];
