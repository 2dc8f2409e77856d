/** Catches render errors anywhere below it and offers a reload instead of a blank page (SPEC §8 internal error). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

interface State { error: Error | null }

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected error in the interface', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <main className="centered-page" role="alert">
            <div className="card">
              <h1>{t('errorBoundary.title')}</h1>
              <p>{t('errorBoundary.text')}</p>
              <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
                {t('errorBoundary.reload')}
              </button>
            </div>
          </main>
        )}
      </Translation>
    );
  }
}
