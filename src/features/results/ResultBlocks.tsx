import type { BlockResult } from '../../../contract/index.ts';
import { PointsOf } from '../../shared/ui/PointsOf.tsx';
import { QuestionResultItem } from './QuestionResultItem.tsx';

/**
 * Every block of a result with its score and its questions, numbered across blocks: a taker's own
 * results (headings level 2) or one attempt as its tutor reviews it (level 3). A block with no
 * questions shown (the rules show the score only) is left out.
 */
export function ResultBlocks({ blocks, level = 2 }: { blocks: readonly BlockResult[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  let number = 0;
  return blocks.map((block) => {
    if (block.questions.length === 0) return null;
    return (
      <section key={block.id} className="result-block" aria-labelledby={`result-${block.id}`}>
        <Heading id={`result-${block.id}`} className="result-block__title">
          {block.title}
          {block.score !== null && (
            <span className="result-block__score">
              <PointsOf score={block.score} max={block.max_score} />
            </span>
          )}
        </Heading>
        <ol className="result-questions">
          {block.questions.map((question) => {
            number += 1;
            return <QuestionResultItem key={question.id} question={question} number={number} />;
          })}
        </ol>
      </section>
    );
  });
}
