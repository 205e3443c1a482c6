/** Entry of the console: the stored language's texts first (so the first render is translated), then the App. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import './styles/global.css';
import './styles/light.css';
import App from './App';

void i18nReady.then(
  () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (e: unknown) => console.error('[startup] texts failed to load', e),
);
