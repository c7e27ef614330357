/**
 * The tool's configuration as Canvas reads it for an LTI 1.3 developer key ("Enter URL" or "Paste
 * JSON"): the login and launch addresses, the key set, the scopes for grades and the roster, and deep
 * linking from the assignment and link pickers. Canvas's own format, as its documentation gives it.
 */
import { TOOL_SCOPES } from './dynamic-registration.ts';
import { toolUrls } from './platforms.ts';

export function canvasConfiguration(publicUrl: string) {
  const urls = toolUrls(publicUrl);
  const picker = (placement: string) => ({
    placement,
    message_type: 'LtiDeepLinkingRequest',
    target_link_uri: urls.deep_linking_url,
    text: 'Zalik test',
  });
  return {
    title: 'Zalik',
    description: 'Timed online tests that survive bad Wi-Fi',
    oidc_initiation_url: urls.login_url,
    target_link_uri: urls.launch_url,
    public_jwk_url: urls.jwks_url,
    scopes: TOOL_SCOPES,
    extensions: [
      {
        domain: new URL(publicUrl).host,
        tool_id: 'zalik',
        platform: 'canvas.instructure.com',
        // Names and e-mails: the tutor sees who took a test, and the roster shows who has not.
        privacy_level: 'public',
        settings: { text: 'Zalik', placements: [picker('assignment_selection'), picker('link_selection')] },
      },
    ],
  };
}
