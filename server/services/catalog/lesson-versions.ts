/**
 * Lesson versions are immutable, so each is parsed once and kept: the answer and block paths then
 * never parse JSON or query questions. (A pruned version's content is gone, but only a version no
 * session runs on is pruned, and one written again has the same content under the same id.)
 */
import type { Kysely } from 'kysely';
import type { Block, Question } from '../../../contract/content.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { Localized } from './localize.ts';

export interface LessonVersion {
  id: number;
  /** A tutor's test keeps its title with each version, so a session shows the title it was taken under. */
  title?: Localized;
  blocks: Block[];
  blockById: Map<string, Block>;
  questionById: Map<string, Question>;
  maxScore: number;
}

function parseVersion(id: number, content: string): LessonVersion {
  const { blocks, title } = JSON.parse(content) as { blocks: Block[]; title?: Localized };
  const questionById = new Map<string, Question>();
  let maxScore = 0;
  for (const block of blocks) {
    for (const q of block.questions) {
      questionById.set(q.id, q);
      maxScore += q.points;
    }
  }
  return {
    id,
    ...(title ? { title } : {}),
    blocks,
    blockById: new Map(blocks.map((b) => [b.id, b])),
    questionById,
    maxScore,
  };
}

export class LessonVersionStore {
  private readonly cache = new Map<number, Promise<LessonVersion>>();

  constructor(private readonly db: Kysely<Database>) {}

  get(id: number): Promise<LessonVersion> {
    let entry = this.cache.get(id);
    if (!entry) {
      entry = this.db
        .selectFrom('lesson_versions')
        .select('content')
        .where('id', '=', id)
        .executeTakeFirst()
        .then((row) => {
          // Pruned (storage-sweep.ts): nobody's session runs on it, and nobody may start one.
          if (!row || row.content === '') throw new HttpError(404, phrase('noSuchVersion'));
          return parseVersion(id, row.content);
        });
      // A failed read (database briefly away) must not be remembered.
      entry.catch(() => this.cache.delete(id));
      this.cache.set(id, entry);
    }
    return entry;
  }
}
