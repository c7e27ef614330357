/**
 * Lesson versions are immutable, so each is parsed once and kept: the answer and block paths then
 * never parse JSON or query questions. (A pruned version's content is gone, but only a version no
 * session runs on is pruned, and one written again has the same content under the same id.)
 */
import type { Kysely } from 'kysely';
import type { Block, Question } from '../../../contract/content.ts';
import { askedMaxPoints } from '../../../contract/pools.ts';
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
  /** What one attempt can score: with pools, the most a draw is worth (every draw's worth when by points). */
  maxScore: number;
}

function parseVersion(id: number, content: string): LessonVersion {
  const { blocks, title } = JSON.parse(content) as { blocks: Block[]; title?: Localized };
  const questionById = new Map<string, Question>();
  let maxScore = 0;
  for (const block of blocks) {
    for (const q of block.questions) questionById.set(q.id, q);
    maxScore += askedMaxPoints(block);
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

/** Draws kept per process: recomputing one is cheap, but the answer path asks for it on every answer. */
const KEPT_DRAWS = 4096;
const kept = new WeakMap<LessonVersion, Map<string, LessonVersion>>();

/**
 * The version as one attempt sees it: only the questions it drew (in their written order), its own
 * maximum score. `drawn` is the session's kept draw (JSON of question ids), null without pools. A
 * drawn question the version no longer has (removed before a re-scoring) is simply not asked.
 */
export function asDrawn(version: LessonVersion, drawn: string | null): LessonVersion {
  if (drawn === null) return version;
  let byDraw = kept.get(version);
  if (!byDraw) {
    byDraw = new Map();
    kept.set(version, byDraw);
  }
  const known = byDraw.get(drawn);
  if (known) return known;
  const ids = new Set(JSON.parse(drawn) as string[]);
  const blocks = version.blocks.map(({ draw: _pool, ...block }) => ({
    ...block,
    questions: block.questions.filter((q) => ids.has(q.id)),
  }));
  const questionById = new Map(blocks.flatMap((b) => b.questions.map((q) => [q.id, q] as const)));
  const own: LessonVersion = {
    ...version,
    blocks,
    blockById: new Map(blocks.map((b) => [b.id, b])),
    questionById,
    maxScore: [...questionById.values()].reduce((sum, q) => sum + q.points, 0),
  };
  if (byDraw.size >= KEPT_DRAWS) byDraw.delete(byDraw.keys().next().value as string);
  byDraw.set(drawn, own);
  return own;
}

export class LessonVersionStore {
  private readonly cache = new Map<number, Promise<LessonVersion>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The version as one attempt sees it: the questions it drew from the pools (pool-draw.ts). */
  async ofAttempt(session: { lesson_version_id: number; drawn: string | null }): Promise<LessonVersion> {
    return asDrawn(await this.get(session.lesson_version_id), session.drawn);
  }

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
