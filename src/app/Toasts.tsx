import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const MAX_VISIBLE = 3;

/** The spec's notification area: top right, 4 s, at most three at a time (the oldest go first). */
export function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    for (const item of visible.slice(MAX_VISIBLE)) toast.dismiss(item.id);
  }, [toasts]);

  return (
    <Toaster
      position="top-right"
      gutter={14}
      toastOptions={{ duration: 4000, className: 'toast', style: { maxWidth: 356 } }}
    />
  );
}
