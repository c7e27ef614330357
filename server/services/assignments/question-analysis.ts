/**
 * An assignment's analysis over its finished attempts: each question's figures (statistics.ts), the
 * distractor analysis and flags (distractors.ts) and the test's own figures (test-figures.ts), with
 * the texts in the tutor's language. Read by the analysis call and its CSV.
 */
import type { Kysely } from 'kysely';
import type { QuestionAnalysis } from '../../../contract/assignment-results.ts';
import type { Question } from '../../../contract/content.ts';
import type { Option } from '../../../contract/lesson-parts.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { AnswerValue } from '../../../contract/online.ts';
import { lessonAsked } from '../../../contract/pools.ts';
import {
  isHandMarked,
  optionsOf,
  partCreditsOf,
  partsOf,
  pickedOf,
  questionScore,
  unitOf,
} from '../../../contract/question-types/registry.ts';
import type { Database } from '../../db/schema.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { pick } from '../catalog/localize.ts';
import { assignmentMarks } from '../sessions/hand-marks.ts';
import { hasHandMarked } from '../sessions/scoring.ts';
import { discriminationFlag, distractorShares } from './distractors.ts';
import { finishedAnswers } from './latest-answers.ts';
import { type AnalysedAttempt, type AnalysedQuestion, questionStatistics } from './statistics.ts';
import { type PositionScores, testFigures } from './test-figures.ts';

/** The option ids of a question whose answers pick options, for the analysis of which were picked. */
function optionIds(question: Question): Pick<AnalysedQuestion, 'options' | 'picked' | 'parts'> {
  const options = optionsOf(question);
  const parts = partsOf(question);
  return {
    ...(options && unitOf(question).picked
      ? { options: options.map((o) => o.id), picked: (value) => pickedOf(question, value) }
      : {}),
    ...(parts
      ? { parts: { ids: parts.map((p) => p.id), credits: (value) => partCreditsOf(question, value) ?? {} } }
      : {}),
  };
}

const EMPTY_TEST = { attempts: 0, positions: 0, max_score: 0, mean: null, median: null, sd: null } as const;

export async function questionAnalysis(
  db: Kysely<Database>,
  versions: LessonVersionStore,
  id: string,
  locale: Locale,
): Promise<QuestionAnalysis> {
  const sessions = await db
    .selectFrom('online_sessions')
    .select(['uuid', 'lesson_version_id', 'drawn'])
    .where('assignment_id', '=', id)
    .where('status', '=', 'finished')
    // One order every time, whatever order the rows lie in: the same attempts give the same figures.
    .orderBy('uuid')
    .execute();
  if (sessions.length === 0)
    return {
      attempts: 0,
      questions: [],
      test: { ...EMPTY_TEST, alpha: null, kr20: null, sem: null, percents: [] },
    };
  // Every answer of the finished attempts in one read; the newest per question counts, as in scoring.
  const given = await finishedAnswers(db, id);
  const newest = Math.max(...sessions.map((s) => s.lesson_version_id));
  const latest = await versions.get(newest);
  const questions = latest.blocks.flatMap((block) => block.questions);
  const latestIds = new Set(questions.map((q) => q.id));
  const attempts: AnalysedAttempt[] = [];
  const byPosition: PositionScores[] = [];
  const marks = hasHandMarked(latest) ? await assignmentMarks(db, id) : new Map();
  const pending = new Map<string, number>();
  for (const session of sessions) {
    // Each question counts only the attempts that were asked it (drawn from its pool, and in their version).
    const version = await versions.ofAttempt(session);
    const own = given.get(session.uuid) ?? new Map<string, AnswerValue>();
    const scores = new Map<string, number>();
    const position: PositionScores = { scores: [], maxes: [] };
    let complete = true;
    // In the attempt's own order of blocks and drawn questions: its positions (test-figures.ts).
    for (const asked of version.blocks.flatMap((block) => block.questions)) {
      const score = questionScore(asked, own.get(asked.id) ?? null, marks.get(session.uuid)?.get(asked.id));
      // A written answer awaiting its mark has no score yet: left out of the figures until marked.
      if (score === null) {
        complete = false;
        if (latestIds.has(asked.id)) pending.set(asked.id, (pending.get(asked.id) ?? 0) + 1);
        continue;
      }
      if (latestIds.has(asked.id)) scores.set(asked.id, score);
      (position.scores as number[]).push(score);
      (position.maxes as number[]).push(asked.points);
    }
    attempts.push({ scores, given: own });
    if (complete) byPosition.push(position);
  }
  const analysed = questions.map((q) => ({ id: q.id, points: q.points, ...optionIds(q) }));
  const stats = questionStatistics(analysed, attempts);
  const groups = distractorShares(analysed, attempts);
  const asked = lessonAsked(latest.blocks);
  const counted = byPosition.filter((a) => a.scores.length === asked.questions);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);
  return {
    attempts: attempts.length,
    test: {
      ...testFigures(counted, asked.questions),
      max_score: asked.maxScore,
      percents: counted.map((a) => (sum(a.maxes) > 0 ? Math.round((sum(a.scores) / sum(a.maxes)) * 1000) / 10 : 0)),
    },
    questions: stats.map((stat) => {
      const q = byId.get(stat.id);
      const textsOf = (list: readonly Option[] | undefined) =>
        new Map(list?.map((o) => [o.id, pick(o.text, locale)] as const) ?? []);
      const optionText = textsOf(q && optionsOf(q));
      const partText = textsOf(q && partsOf(q));
      const shares = new Map(groups.get(stat.id)?.map((o) => [o.id, o]));
      const flag = discriminationFlag(stat.discrimination);
      const { options, parts, ...rest } = stat;
      return {
        ...rest,
        text: q ? pick(q.text, locale) : '',
        type: q?.type ?? 'single',
        points: q?.points ?? 0,
        ...(flag ? { flag } : {}),
        ...(options
          ? {
              options: options.map((o) => ({
                ...o,
                text: optionText.get(o.id) ?? o.id,
                upper: shares.get(o.id)?.upper ?? null,
                lower: shares.get(o.id)?.lower ?? null,
              })),
            }
          : {}),
        ...(parts ? { parts: parts.map((p) => ({ ...p, text: partText.get(p.id) ?? p.id })) } : {}),
        ...(q && isHandMarked(q) ? { pending: pending.get(q.id) ?? 0 } : {}),
      };
    }),
  };
}
