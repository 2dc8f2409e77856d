import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/index.js';
import { rememberLanding } from './auth/attribution.js';
import { isEmbeddedMapPath } from './iframe/embedded-map-path.js';
import './styles/index.css';

initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The embeddable map view, framed by other sites, loads its own small part of the app only; any
 * other page loads the whole app (a visit to a frame is not a landing on the app either).
 */
async function loadPage(): Promise<ReactElement> {
  if (isEmbeddedMapPath(window.location.pathname)) {
    const { EmbeddedMapApp } = await import('./iframe/embedded-map-app.js');
    return <EmbeddedMapApp />;
  }
  rememberLanding();
  const { App } = await import('./app/app.js');
  return <App />;
}

void loadPage().then((page) => createRoot(root).render(<StrictMode>{page}</StrictMode>));
