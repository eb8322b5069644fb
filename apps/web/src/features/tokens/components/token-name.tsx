import { shortClientId, type Client } from '@datafeeds/domain';

/** A token's id as lists show it: its last characters (spec §3). */
export function displayClientId(id: string): string {
  return `…${shortClientId(id)}`;
}

/** How the dialogs name a token: its nickname and the last characters of its id. */
export function TokenName({ client }: { client: Pick<Client, 'id' | 'label'> }) {
  return (
    <>
      <strong>{client.label}</strong> ({displayClientId(client.id)})
    </>
  );
}
