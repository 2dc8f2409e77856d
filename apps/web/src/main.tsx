import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/index.js';
import { App } from './app/app.js';
import { rememberLanding } from './auth/attribution.js';
import './styles/index.css';

initI18n();
rememberLanding();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
