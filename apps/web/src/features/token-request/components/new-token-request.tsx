// The New token screen (spec §2): the request form until a token is created, then the result view. The
// secret lives only in this component's state, so it is gone once the user leaves the screen.
import { useState } from 'react';
import type { ClientCredentials } from '@datafeeds/domain';
import { TokenRequestForm } from './token-request-form';
import { TokenResult } from './token-result';

export function NewTokenRequest({ isTrial }: { isTrial: boolean }) {
  const [credentials, setCredentials] = useState<ClientCredentials | null>(null);
  if (credentials !== null) {
    return <TokenResult credentials={credentials} onRequestAnother={() => setCredentials(null)} />;
  }
  return <TokenRequestForm isTrial={isTrial} onCreated={setCredentials} />;
}
