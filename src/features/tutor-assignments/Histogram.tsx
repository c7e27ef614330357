import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

const BINS = 10;
const WIDTH = 320;
const HEIGHT = 140;
const AXIS = 18;

/** How many percents fall in each tenth (0-9, 10-19, …, 90-100: a full score goes in the last). */
export function binsOf(percents: readonly number[]): number[] {
  const bins = new Array<number>(BINS).fill(0);
  for (const percent of percents) {
    const bin = Math.min(BINS - 1, Math.max(0, Math.floor(percent / (100 / BINS))));
    bins[bin] = (bins[bin] ?? 0) + 1;
  }
  return bins;
}

/** The score distribution: one plain SVG bar per tenth, with the counts also as a table for screen readers. */
export function Histogram({ percents, caption }: { percents: readonly number[]; caption?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const bins = binsOf(percents);
  const most = Math.max(1, ...bins);
  const barWidth = WIDTH / BINS;
  const label = (i: number) =>
    `${formatNumber(locale, i * 10)}–${formatNumber(locale, i === BINS - 1 ? 100 : i * 10 + 9)} %`;
  return (
    <figure className="histogram">
      <figcaption>{caption ?? t`Score distribution (finished attempts)`}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} aria-hidden="true" className="histogram__chart">
        {bins.map((count, i) => {
          const height = (count / most) * (HEIGHT - 14);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the bins are fixed tenths.
            <g key={i}>
              <rect
                x={i * barWidth + 2}
                y={HEIGHT - height}
                width={barWidth - 4}
                height={height}
                className="histogram__bar"
              />
              {count > 0 && (
                <text
                  x={i * barWidth + barWidth / 2}
                  y={HEIGHT - height - 3}
                  textAnchor="middle"
                  className="histogram__count"
                >
                  {formatNumber(locale, count)}
                </text>
              )}
              <text x={i * barWidth + barWidth / 2} y={HEIGHT + 13} textAnchor="middle" className="histogram__axis">
                {formatNumber(locale, i * 10)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{t`Attempts by score`}</caption>
        <tbody>
          {bins.map((count, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the bins are fixed tenths.
            <tr key={i}>
              <th scope="row">{label(i)}</th>
              <td>{formatNumber(locale, count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
