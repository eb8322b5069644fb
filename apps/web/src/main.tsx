import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { askForUserEarly } from './lib/auth/early-user';

// Before the first render: the signed-in screens' code downloads meanwhile.
askForUserEarly();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
