import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { router } from './app/router';
import { activateLocale, i18n, initialLocale } from './lib/i18n';
import { registerServiceWorker } from './lib/pwa';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing from index.html');

// The first paint is in her language: its catalogue (one small chunk) loads before anything renders.
void activateLocale(initialLocale())
  .catch(() => activateLocale('en'))
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    ),
  );

registerServiceWorker();
