import type { FastifyInstance } from 'fastify';
import * as tests from '../../../contract/endpoints/tutor-tests.ts';
import { MAX_IMPORT_BODY_BYTES } from '../../../contract/question-banks.ts';
import { attachment, importTemplate, writeBank } from '../../services/question-banks/export-bank.ts';
import { serve } from '../serve.ts';

/**
 * A whole test's draft in one body: 500 questions with texts in four languages can pass the
 * server's usual 256 KB. Images travel apart, so a few megabytes hold the largest test.
 */
const DRAFT_BODY_LIMIT = 8 * 1024 * 1024;

export default async function tutorTestRoutes(app: FastifyInstance) {
  serve(app, tests.tutorTests, { handle: async ({ caller }) => app.tutorTests.list(caller.user.id) });

  serve(app, tests.createTest, {
    bodyLimit: DRAFT_BODY_LIMIT,
    handle: async ({ caller, body }, request) => app.tutorTests.create(caller.user.id, request.locale, body.draft),
  });

  serve(app, tests.tutorTest, { handle: async ({ caller, params }) => app.tutorTests.get(caller.user.id, params.id) });

  serve(app, tests.saveDraft, {
    bodyLimit: DRAFT_BODY_LIMIT,
    handle: async ({ caller, params, body }) =>
      app.tutorTests.save(caller.user.id, params.id, body.revision, body.draft),
  });

  serve(app, tests.duplicateTest, {
    handle: async ({ caller, params }, request) => app.tutorTests.duplicate(caller.user.id, params.id, request.locale),
  });

  serve(app, tests.archiveTest, {
    handle: async ({ caller, params }) => app.tutorTests.archive(caller.user.id, params.id),
  });

  serve(app, tests.restoreTest, {
    handle: async ({ caller, params }) => app.tutorTests.restore(caller.user.id, params.id),
  });

  serve(app, tests.deleteTest, {
    handle: async ({ caller, params }) => {
      await app.tutorTests.remove(caller.user.id, params.id);
      return { ok: true as const };
    },
  });

  serve(app, tests.publishChecklist, {
    handle: async ({ caller, params }, request) => app.tutorTests.checklist(caller.user.id, params.id, request.locale),
  });

  serve(app, tests.publishTest, {
    handle: async ({ caller, params }) => app.tutorTests.publish(caller.user.id, params.id),
  });

  serve(app, tests.previewTest, {
    handle: async ({ caller, params }, request) =>
      app.sessions.starts.preview(await app.tutorTests.previewVersion(caller.user.id, params.id), request.locale),
  });

  serve(app, tests.exportTest, {
    handle: async ({ caller, params }, _request, reply) => {
      const file = await app.tutorTests.exportFile(caller.user.id, params.id);
      reply.header('content-disposition', `attachment; filename="${file.slug}.json"`);
      return file;
    },
  });

  serve(app, tests.exportBank, {
    handle: async ({ caller, params, query }, _request, reply) => {
      const file = await app.tutorTests.exportFile(caller.user.id, params.id);
      const written = await writeBank(file, query.format, query.language, app.formulas);
      return reply
        .header('content-type', written.type)
        .header('content-disposition', attachment(written.name))
        .send(written.bytes);
    },
  });

  serve(app, tests.importTemplate, {
    handle: async ({ query }, _request, reply) => {
      const written = importTemplate(query.format);
      return reply
        .header('content-type', written.type)
        .header('content-disposition', attachment(written.name))
        .send(written.bytes);
    },
  });

  serve(app, tests.importTests, {
    bodyLimit: MAX_IMPORT_BODY_BYTES,
    handle: async ({ caller, body }, request) =>
      app.tutorTests.importFiles(caller.user.id, body.files, body.language ?? request.locale, request.locale),
  });
}
