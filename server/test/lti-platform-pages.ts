/**
 * The test platform's pages for a browser (e2e): a launch's start, where the platform's page posts
 * the third-party initiated login to the tool as a form (LTI Core 1.3 §4.1), the same inside a frame
 * of the platform's page (a platform that embeds its activities), and its tool
 * registration page, which opens the tool's dynamic registration address in a frame with the
 * platform's configuration and registration token, and waits for the tool's
 * `org.imsglobal.lti.close` message (Dynamic Registration 1.0 §3.6).
 */
import type { TestPlatform } from './lti-platform.ts';

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `toolLoginUrl`: where the tool takes a login; `target`: the launch address the link names. */
export function servePlatformPages(platform: TestPlatform, toolLoginUrl: string, target: string): void {
  platform.route('/start', (_req, url, _body, res) => {
    const fields = {
      iss: platform.issuer,
      login_hint: url.searchParams.get('hint') ?? '',
      target_link_uri: target,
      client_id: platform.clientId,
      lti_deployment_id: platform.deploymentId,
      lti_message_hint: 'message-hint-1',
    };
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${html(value)}">`)
      .join('');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><title>Course</title><form id="f" method="post" action="${html(toolLoginUrl)}">${inputs}</form>` +
        '<script>document.getElementById("f").submit()</script>',
    );
  });
  // A platform that shows its activities inside its own page: the launch runs in a frame.
  platform.route('/embed', (_req, url, _body, res) => {
    const start = `/start?hint=${encodeURIComponent(url.searchParams.get('hint') ?? '')}`;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><title>Course</title><iframe title="Activity" src="${html(start)}" width="900" height="600"></iframe>`,
    );
  });
  platform.route('/tool-registration', (_req, url, _body, res) => {
    const address = new URL(url.searchParams.get('url') ?? '');
    address.searchParams.set('openid_configuration', `${platform.origin}/.well-known/openid-configuration`);
    address.searchParams.set('registration_token', platform.registrationToken);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><title>Add a tool</title><p id="state">Registering</p>` +
        `<iframe title="Tool registration" src="${html(address.href)}" width="800" height="500"></iframe>` +
        '<script>addEventListener("message", (e) => { if (e.data && e.data.subject === "org.imsglobal.lti.close")' +
        ' document.getElementById("state").textContent = "Registration window closed"; });</script>',
    );
  });
}
