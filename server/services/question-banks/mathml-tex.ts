/**
 * MathML (as QTI items carry it) written as the TeX Zalik stores, so that it shows as a formula like
 * any other (rendered back to MathML in the browser, src/shared/ui/rich-text). A `<semantics>` with a
 * TeX annotation gives that TeX as it is; otherwise the presentation elements are read: tokens
 * (`mi`, `mn`, `mo`, `mtext`), rows, fractions, roots, scripts, fences, over- and underscripts and
 * tables. An element of another kind keeps its text. The result is inline `\( … \)`, or display
 * `\[ … \]` for `display="block"`.
 */
import type { Element } from '@xmldom/xmldom';

const OPERATORS: Record<string, string> = {
  '×': '\\times',
  '÷': '\\div',
  '·': '\\cdot',
  '−': '-',
  '±': '\\pm',
  '≤': '\\le',
  '≥': '\\ge',
  '≠': '\\ne',
  '≈': '\\approx',
  '∞': '\\infty',
  '→': '\\to',
  '∑': '\\sum',
  '∫': '\\int',
  '∏': '\\prod',
  π: '\\pi',
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  θ: '\\theta',
  λ: '\\lambda',
  μ: '\\mu',
  σ: '\\sigma',
  ω: '\\omega',
  Δ: '\\Delta',
  '°': '^\\circ',
  '∈': '\\in',
  '∪': '\\cup',
  '∩': '\\cap',
};

const escapeTex = (text: string) =>
  [...text.trim()].map((c) => OPERATORS[c] ?? (/[{}%#&_$]/.test(c) ? `\\${c}` : c)).join('');

function elements(node: Element): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === child.ELEMENT_NODE) out.push(child as Element);
  }
  return out;
}

const group = (tex: string) => `{${tex}}`;

function texOf(node: Element): string {
  const parts = elements(node);
  const arg = (at: number) => group(parts[at] ? texOf(parts[at]) : '');
  const all = () => parts.map(texOf).join(' ');
  switch (node.localName) {
    case 'math':
    case 'mrow':
    case 'mstyle':
    case 'mpadded':
    case 'mphantom':
      return all();
    case 'semantics': {
      const annotation = parts.find(
        (p) => p.localName === 'annotation' && /tex/i.test(p.getAttribute('encoding') ?? ''),
      );
      return annotation ? (annotation.textContent ?? '').trim() : parts[0] ? texOf(parts[0]) : '';
    }
    case 'mi': {
      const text = (node.textContent ?? '').trim();
      const escaped = escapeTex(text);
      return text.length > 1 && escaped === text ? `\\mathrm{${text}}` : escaped;
    }
    case 'mn':
    case 'mo':
      return escapeTex(node.textContent ?? '');
    case 'mtext':
      return `\\text{${(node.textContent ?? '').replace(/[{}\\]/g, '')}}`;
    case 'mspace':
      return '\\,';
    case 'mfrac':
      return `\\frac${arg(0)}${arg(1)}`;
    case 'msqrt':
      return `\\sqrt{${all()}}`;
    case 'mroot':
      return `\\sqrt[${parts[1] ? texOf(parts[1]) : ''}]${arg(0)}`;
    case 'msup':
      return `${arg(0)}^${arg(1)}`;
    case 'msub':
      return `${arg(0)}_${arg(1)}`;
    case 'msubsup':
      return `${arg(0)}_${arg(1)}^${arg(2)}`;
    case 'munder':
      return `\\underset${arg(1)}${arg(0)}`;
    case 'mover':
      return `\\overset${arg(1)}${arg(0)}`;
    case 'munderover':
      return `${arg(0)}_${arg(1)}^${arg(2)}`;
    case 'mfenced': {
      const open = node.getAttribute('open') ?? '(';
      const close = node.getAttribute('close') ?? ')';
      return `\\left${open === '{' ? '\\{' : open} ${parts.map(texOf).join(', ')} \\right${close === '}' ? '\\}' : close}`;
    }
    case 'mtable':
      return `\\begin{matrix}${parts.map(texOf).join(' \\\\ ')}\\end{matrix}`;
    case 'mtr':
      return parts.map(texOf).join(' & ');
    case 'mtd':
      return all();
    case 'annotation':
    case 'annotation-xml':
      return '';
    default:
      return parts.length ? all() : escapeTex(node.textContent ?? '');
  }
}

/** A `<math>` element as Zalik's TeX, with its delimiters. */
export function mathmlToTex(math: Element): string {
  const tex = texOf(math).replace(/\s+/g, ' ').trim();
  return math.getAttribute('display') === 'block' ? `\\[${tex}\\]` : `\\(${tex}\\)`;
}
