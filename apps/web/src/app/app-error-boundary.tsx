import { Component, type ReactNode } from 'react';
import { RenderErrorScreen } from './render-error-screen';

type State = { error: unknown; hasError: boolean };

/** Last line of defence around the whole app (providers included); routes have their own boundaries. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <main>
        <RenderErrorScreen error={this.state.error} />
      </main>
    );
  }
}
