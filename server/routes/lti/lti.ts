import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as lti from '../../../contract/endpoints/lti.ts';
import { HttpError } from '../../http-error.ts';
import { message } from '../../i18n/messages.ts';
import type { Caller } from '../../plugins/app/auth.ts';
import { canvasConfiguration } from '../../services/lti/canvas-configuration.ts';
import { serve } from '../serve.ts';
import ltiBrowserRoutes from './lti-browser.ts';

/** What Zalik publishes as an LTI 1.3 tool, the trade of a launch for its account, and registrations. */
export default async function ltiRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const perIp = (name: string) => async (request: FastifyRequest) =>
    app.limit(request, [[`lti-${name}:ip:${request.ip}`, app.limits.loginPerIp, 10 * 60_000]]);
  function admin(caller: Caller, request: FastifyRequest): Caller {
    if (!app.lti.isAdmin(caller.user)) throw new HttpError(403, message('ltiNotAdmin', request.locale));
    return caller;
  }

  serve(app, lti.ltiKeys, {
    handle: async () => app.lti.keys.jwks(),
  });

  serve(app, lti.ltiCanvasConfiguration, {
    handle: async () => canvasConfiguration(publicUrl),
  });

  serve(app, lti.ltiHandoff, {
    limit: perIp('handoff'),
    handle: async ({ params }, request) => {
      const handoff = await app.lti.launches.redeem(params.code);
      if (!handoff) throw new HttpError(404, message('ltiHandoffInvalid', request.locale));
      return handoff;
    },
  });

  serve(app, lti.ltiRegister, {
    limit: perIp('register'),
    handle: async ({ body }, request) => ({ platform: await app.lti.registrations.register(body, request.locale) }),
  });

  serve(app, lti.ltiPlatforms, {
    handle: async ({ caller }, request) => {
      admin(caller, request);
      return app.lti.platforms.list();
    },
  });

  serve(app, lti.ltiAddPlatform, {
    handle: async ({ caller, body }, request) =>
      app.lti.platforms.add(body, 'manual', admin(caller, request).user.id, request.locale),
  });

  serve(app, lti.ltiChangePlatform, {
    handle: async ({ caller, params, body }, request) => {
      admin(caller, request);
      return app.lti.platforms.change(params.id, body, request.locale);
    },
  });

  serve(app, lti.ltiRegistrationLink, {
    handle: async ({ caller }, request) => app.lti.registrations.newLink(admin(caller, request).user.id),
  });

  serve(app, lti.ltiDeepLink, {
    handle: async ({ caller, params }, request) => app.lti.deepLinking.get(caller.user.id, params.id, request.locale),
  });

  serve(app, lti.ltiCompleteDeepLink, {
    handle: async ({ caller, params, body }, request) =>
      app.lti.deepLinking.complete(caller.user.id, params.id, body, request.locale),
  });

  serve(app, lti.ltiRoster, {
    handle: async ({ caller, params }) => app.lti.roster.of(caller.user.id, params.id),
  });

  await app.register(ltiBrowserRoutes, { publicUrl });
}
