import './essay.css';
import type { ReviewProps } from '../parts.ts';

/** An essay as written: its lines kept. */
export function EssayReview({ value }: ReviewProps) {
  return <p className="essay-text">{String(value)}</p>;
}
