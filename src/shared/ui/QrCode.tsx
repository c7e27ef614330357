import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import './qr-code.css';

/**
 * A link as a QR code (an assignment's, a receipt's), drawn as SVG squares from the library's module matrix (no
 * markup from the library goes into the page). Its own chunk: loaded when a page asks for it (an
 * assignment's link, a receipt).
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const count = code.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (code.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    // A quiet zone of four modules on every side, as readers expect.
    return { size: count + 8, path: d };
  }, [text]);
  return (
    <svg className="qr-code" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
