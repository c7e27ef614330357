/**
 * XML from an upload, read without what makes XML dangerous to read: a document type (the door to
 * entity expansion, "billion laughs", and to external entities that read the server's files) is
 * refused before parsing, so no entity but the five of XML itself is ever expanded, and nothing
 * outside the document is ever fetched. A document that is not well-formed is refused whole.
 */
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { type Phrase, phrase } from '../../i18n/messages.ts';

export function parseXml(text: string): Document | Phrase {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return phrase('bankXmlDoctype');
  let broken: string | null = null;
  let document: Document | null = null;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') broken ??= message;
      },
    }).parseFromString(text, 'text/xml');
  } catch (error) {
    // A fatal error is thrown as well as reported.
    broken ??= (error as Error).message;
  }
  if (broken !== null || !document?.documentElement) {
    const line = /line:(\d+)/.exec(broken ?? '')?.[1];
    return line ? phrase('bankXmlBrokenAt', { line }) : phrase('bankXmlBroken');
  }
  return document;
}

/** The element's children of one local name (namespaces aside: QTI writes them, Moodle does not). */
export function children(parent: Element | Document, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE && (node as Element).localName === name) found.push(node as Element);
  }
  return found;
}

export function child(parent: Element | Document, name: string): Element | undefined {
  return children(parent, name)[0];
}

/** Every descendant of one local name, in document order. */
export function descendants(parent: Element | Document, name: string): Element[] {
  return [...(parent.getElementsByTagNameNS('*', name) as unknown as Iterable<Element>)];
}

/** The text of `parent > name > text` as Moodle nests it, or of `parent > name` where it does not. */
export function textAt(parent: Element, name: string): string {
  const element = child(parent, name);
  if (!element) return '';
  const inner = child(element, 'text');
  return (inner ?? element).textContent ?? '';
}

/** Where a node stands in its file, for the report. */
export function lineOf(node: Element): number | null {
  const line = (node as unknown as { lineNumber?: number }).lineNumber;
  return typeof line === 'number' ? line : null;
}
