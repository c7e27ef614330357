/**
 * The weights of a QTI item's gaps, from its response processing: each gap's share of the score (a
 * text entry's mapping's `upperBound`, else its best entry; an inline choice's or a number's `baseValue`
 * added to SCORE where the condition names its response, as Zalik writes them). Unequal shares are
 * Zalik's gap weights as the smallest whole numbers in their proportions (1 to 100); shares with none
 * (1 and 0.7071) are equal shares, which the report says.
 */
import type { Element } from '@xmldom/xmldom';
import { GAP_WEIGHT_MAX } from '../../../contract/question-types/gaps.ts';
import type { BankGap } from './bank.ts';
import { child, children, descendants } from './safe-xml.ts';

/** The share of the score one gap's response earns, or null where the item does not say. */
function shareOf(item: Element, interaction: Element): number | null {
  const id = interaction.getAttribute('responseIdentifier');
  const declaration = children(item, 'responseDeclaration').find((d) => d.getAttribute('identifier') === id);
  const mapping = declaration ? child(declaration, 'mapping') : undefined;
  if (mapping) {
    const bound = Number(mapping.getAttribute('upperBound'));
    const best = Math.max(...children(mapping, 'mapEntry').map((e) => Number(e.getAttribute('mappedValue'))));
    const share = mapping.hasAttribute('upperBound') ? bound : best;
    return Number.isFinite(share) && share > 0 ? share : null;
  }
  const processing = child(item, 'responseProcessing');
  const names = (e: Element) => descendants(e, 'variable').some((v) => v.getAttribute('identifier') === id);
  const branch = processing
    ? descendants(processing, 'responseIf').find((r) => {
        // The condition is the branch's first element; what follows it is what the branch does.
        let condition = r.firstChild;
        while (condition && condition.nodeType !== condition.ELEMENT_NODE) condition = condition.nextSibling;
        return condition !== null && names(condition as Element);
      })
    : undefined;
  const added = branch
    ? descendants(branch, 'setOutcomeValue')
        .filter((s) => s.getAttribute('identifier') === 'SCORE')
        .flatMap((s) => descendants(s, 'baseValue'))[0]
    : undefined;
  const share = Number(added?.textContent);
  return added && Number.isFinite(share) && share > 0 ? share : null;
}

/** The gaps with their weights where the item weighs them unequally; `lost`: unequal, but not as whole weights. */
export function weighedGaps(
  item: Element,
  interactions: Element[],
  gaps: BankGap[],
): { gaps: BankGap[]; lost: boolean } {
  const shares = interactions.map((interaction) => shareOf(item, interaction));
  if (shares.some((s) => s === null)) return { gaps, lost: false };
  const known = shares as number[];
  const least = Math.min(...known);
  if (known.every((s) => Math.abs(s - least) < 1e-6 * least)) return { gaps, lost: false };
  // The smallest whole weights in the shares' proportions (1 and 1.5: 2 and 3), if any within Zalik's.
  const ratios = known.map((s) => s / least);
  for (let times = 1; times <= GAP_WEIGHT_MAX; times++) {
    const weights = ratios.map((r) => r * times);
    if (weights.some((w) => Math.round(w) > GAP_WEIGHT_MAX)) break;
    if (weights.every((w) => Math.abs(w - Math.round(w)) < 1e-4))
      return { gaps: gaps.map((gap, at) => ({ ...gap, weight: Math.round(weights[at] ?? 1) })), lost: false };
  }
  return { gaps, lost: true };
}
