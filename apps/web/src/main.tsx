import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { askForFirstScreensEarly } from './app/router';

// Before the first render: the screens' code downloads meanwhile.
askForFirstScreensEarly(window.location);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');

// In a transition, React renders the app in slices of a few milliseconds and lets the browser in between,
// rather than in one task that blocks it (design §7 "The web app's first load").
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
