import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { askForFirstScreensEarly } from './app/router';

// Before the first render: the screens' code downloads meanwhile.
askForFirstScreensEarly(window.location);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
