import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';

interface Props {
  /**
   * What shows instead of children that threw: the 500 page around pages (passed in, so it can
   * be lazy), nothing around optional extras loaded on demand (the language modal, the
   * notifications), which are then simply left out instead of taking the app down.
   */
  fallback?: ReactNode;
  /** Changing it gives the children a fresh try (the page's path: moving on to another page). */
  resetKey?: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A part of the page failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <Suspense fallback={null}>{this.props.fallback ?? null}</Suspense>;
  }
}
