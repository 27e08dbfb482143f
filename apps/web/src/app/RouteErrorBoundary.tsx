import { Component, type ReactNode } from 'react';

interface Props {
  fallback: ReactNode;
  children: ReactNode;
}

/** Renders `fallback` when a page throws while rendering (the dashboard shows its 404 page). */
export class RouteErrorBoundary extends Component<Props, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed to render', error);
  }

  override render() {
    return this.state.hasError ? this.props.fallback : this.props.children;
  }
}
