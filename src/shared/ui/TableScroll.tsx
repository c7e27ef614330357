import { type ReactNode, useEffect, useRef, useState } from 'react';
import './table-scroll.css';

/**
 * A wide table's own scrolling box (never the page's, WCAG 1.4.10). While it scrolls it is a
 * named region in the tab order, so that a keyboard can scroll it too (axe's
 * scrollable-region-focusable); while everything fits it is neither, and adds no stop to the tab order.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="table-scroll" {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
      {children}
    </div>
  );
}
