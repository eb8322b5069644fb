import { useState } from 'react';
import { UNSAFE_createBrowserHistory } from 'react-router';
import { blockableHistory } from '@/lib/navigation/blockable-history';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  const [history] = useState(() => blockableHistory(UNSAFE_createBrowserHistory({ v5Compat: true })));
  return (
    <AppProvider>
      <AppRouter history={history} />
    </AppProvider>
  );
}
