/**
 * How every browser run of this project (Playwright's e2e tests, the benchmarks, Lighthouse) starts
 * Debian's Chromium: headless as root, and quiet, so that nothing but the page competes for the
 * machine's two cores.
 *
 * The omnibox popup is off: Chromium 156 otherwise loads its page (chrome://omnibox-popup.top-chrome,
 * over a thousand chrome://resources modules) in a renderer of its own while the first page loads,
 * even headless. A trace of `bench:offline-return` put 1.5 to 3.6 s of that renderer's main-thread
 * time beside the page's 1.1 s: on two cores it slowed every page the benchmarks and Lighthouse
 * measured. A phone has no such popup in its way. Which of the two features loads it depends on
 * the rest: `WebUIOmniboxAimPopup` by default, `WebUIOmniboxPopup` once Playwright has turned
 * `AimEnabled` off (both seen in traces), so both are off.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium features this project turns off, beyond what its browser drivers turn off themselves. */
export const QUIET_FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches). Chromium keeps
 * only the last `--disable-features` it is given and Playwright puts its own first, so ours has to
 * repeat Playwright's. `chromium.test.ts` fails when the installed Playwright's list has changed.
 */
export const PLAYWRIGHT_FEATURES_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** For Playwright (e2e tests, bench:offline-return, bench:click): its features list and ours, in one flag. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...BASE_ARGS,
  `--disable-features=${[...PLAYWRIGHT_FEATURES_OFF, ...QUIET_FEATURES_OFF].join(',')}`,
];

/** For Puppeteer (bench:lighthouse), which merges a `--disable-features` it is given into its own. */
export const PUPPETEER_CHROMIUM_ARGS = [...BASE_ARGS, `--disable-features=${QUIET_FEATURES_OFF.join(',')}`];
