/** Validates content files without importing them: `npm run content:check -- <path>`. */
import { ContentError, loadContent } from '../server/content/validate.ts';

const path = process.argv[2] ?? 'content';
try {
  const bundle = await loadContent(path);
  const questions = bundle.lessons.reduce((n, l) => n + l.data.blocks.reduce((m, b) => m + b.questions.length, 0), 0);
  console.log(
    `ok: ${bundle.catalogs.length} catalog file(s), ${bundle.lessons.length} lesson(s), ${questions} question(s)`,
  );
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`refused: ${error.problems.length} problem(s)\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
